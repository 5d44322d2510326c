export * from './terms.js';
export * from './stem.js';
export * from './query.js';
export * from './firestoreSearch.js';
