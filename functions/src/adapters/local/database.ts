/**
 * The local-mode database: PGlite (embedded Postgres) with simple ordered migrations. Tables
 * mirror the Firestore collections of DESIGN §3; the simulated payment provider keeps its own
 * `sim_*` tables beside them.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations.js';

/**
 * PGlite keeps its whole data directory in memory anyway, so Postgres's own 128 MB buffer pool
 * only doubles it; 16 MB gives the local host about 140 MB back for staging (DESIGN §6: the
 * engine's budget is 1 GiB for the host while it stages).
 */
const LOCAL_SETTINGS = ['shared_buffers=16MB'];

/**
 * Opens (creating if needed) the database in dataDir, or in memory when dataDir is null, and migrates it.
 * A `template` (a data dir from dumpDataDir, already migrated) skips initdb and the migrations it holds:
 * the tests open dozens of databases a run, and each would otherwise spend seconds on both.
 */
export async function openLocalDatabase(dataDir: string | null, template?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    postgresqlconf: LOCAL_SETTINGS,
  });
  await migrate(db);
  // No autovacuum here either: fresh statistics let the planner pick the right index for a search.
  await db.exec('ANALYZE');
  return db;
}

async function migrate(db: PGlite): Promise<void> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(applied.rows.map((r) => r.version));
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (done.has(version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    });
  }
}
