export * from './catalog.js';
export * from './plans.js';
export * from './credits.js';
export * from './messages.js';
export * from './schemas.js';
export * from './user.js';
export * from './routes.js';
export * from './api.js';
