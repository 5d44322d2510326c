/**
 * Every migration of the local database, in order: a migration's index here is its version in
 * schema_migrations, so new ones go at the end of LATER_MIGRATIONS and none is ever reordered.
 */
import { FOUNDING_MIGRATIONS } from './foundingMigrations.js';
import { LATER_MIGRATIONS } from './laterMigrations.js';

export const MIGRATIONS: readonly string[] = [...FOUNDING_MIGRATIONS, ...LATER_MIGRATIONS];
