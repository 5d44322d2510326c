/**
 * What `npm run backup` does: asks the host that has the data folder open to write the backup
 * (control.ts), since the database belongs to that one process; when no host has it open, opens
 * the database here and writes the backup itself.
 */
import { join } from 'node:path';
import { openLocalDatabase } from '../adapters/local/database.js';
import { BackupFault, DATABASE_PART, exists } from './backupArchive.js';
import { writeBackup, type WrittenBackup } from './backup.js';
import { askControl, findRunningHost, type ControlEntry } from './controlFile.js';

async function requestBackup(host: ControlEntry, target: string): Promise<WrittenBackup> {
  const answer = await askControl(host, '/backup', { body: { target } });
  if (!answer) {
    throw new BackupFault(
      `The FlipStage host at ${host.url} stopped answering while it wrote the backup; see its log.`,
    );
  }
  if (answer.status !== 200) {
    const error = (answer.json as { error?: unknown } | null)?.error;
    throw new BackupFault(
      typeof error === 'string' ? error : `The FlipStage host at ${host.url} answered ${answer.status}.`,
    );
  }
  return answer.json as WrittenBackup;
}

/** The database's own marker file: a folder without it holds no database to back up. */
const DATABASE_MARKER = 'PG_VERSION';

async function backUpOffline(dataDir: string, target: string): Promise<WrittenBackup> {
  const dbDir = join(dataDir, DATABASE_PART);
  if (!(await exists(join(dbDir, DATABASE_MARKER)))) {
    throw new BackupFault(`${dataDir} holds no FlipStage database, so there is nothing to back up.`);
  }
  let db;
  try {
    db = await openLocalDatabase(dbDir);
  } catch (error) {
    throw new BackupFault(
      `The database in ${dbDir} cannot be opened (${error instanceof Error ? error.message : String(error)}), so no backup was made.`,
    );
  }
  try {
    return await writeBackup({ dataDir, db, target, taken: 'offline' });
  } finally {
    await db.close();
  }
}

export async function makeBackup(options: { dataDir: string; target: string }): Promise<WrittenBackup> {
  const host = await findRunningHost(options.dataDir);
  return host ? requestBackup(host, options.target) : backUpOffline(options.dataDir, options.target);
}
