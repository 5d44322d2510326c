export * from './paths.js';
export * from './errors.js';
export * from './account.js';
export * from './stageForm.js';
export * from './stage.js';
export * from './itemForm.js';
export * from './marketplace.js';
export * from './checkout.js';
