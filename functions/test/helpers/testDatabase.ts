/**
 * In-memory databases for the tests, each a copy of one migrated template that the globalSetup
 * dumps once a run: loading it takes about a fifth of the time initdb plus every migration does.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openLocalDatabase } from '../../src/adapters/local/database.js';

const TEMPLATE_ENV = 'FLIPSTAGE_TEST_DB_TEMPLATE';

/** Called from the globalSetup: makes the template and names it to the workers; returns its removal. */
export async function makeDatabaseTemplate(): Promise<() => Promise<void>> {
  const db = await openLocalDatabase(null);
  const path = join(tmpdir(), `flipstage-test-db-${process.pid}-${Date.now()}.tar`);
  await writeFile(path, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  process.env[TEMPLATE_ENV] = path;
  return () => rm(path, { force: true });
}

let template: Promise<Blob | undefined> | undefined;

/** A fresh, migrated in-memory database (from scratch when a suite runs without the globalSetup). */
export async function openTestDatabase(): Promise<PGlite> {
  const path = process.env[TEMPLATE_ENV];
  template ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return openLocalDatabase(null, await template);
}
