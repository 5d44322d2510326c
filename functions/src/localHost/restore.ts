/**
 * What `npm run restore -- FILE` does: checks the whole archive against its manifest, unpacks it
 * and loads its database beside the data folder, and only then moves the folder's product data
 * aside (never deleting it) and the restored data into place. A fault before that last step
 * leaves the data folder as it was; caches in it (web-build/, …) stay where they are.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { extract } from 'tar';
import { openLocalDatabase } from '../adapters/local/database.js';
import {
  ARCHIVE_ROOT,
  BackupFault,
  countRows,
  DATABASE_FILE,
  DATABASE_PART,
  exists,
  fileStamp,
  inspectBackup,
  PRODUCT_PARTS,
  type BackupManifest,
  type DatabaseRows,
} from './backupArchive.js';
import { findRunningHost } from './controlFile.js';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  now?: () => Date;
}

export interface Restored {
  manifest: BackupManifest;
  /** What the restored database holds. */
  rows: DatabaseRows;
  /** Where the product data the folder held before went; null when it held none. */
  movedAside: string | null;
  ms: number;
}

const unchanged = (message: string) => new BackupFault(`${message} Nothing was changed.`);

async function refuseWhileRunning(dataDir: string): Promise<void> {
  const host = await findRunningHost(dataDir).catch((error: unknown) => {
    throw error instanceof BackupFault ? unchanged(error.message) : error;
  });
  if (host) {
    throw unchanged(
      `A FlipStage host (process ${host.pid}, ${host.url}) has ${dataDir} open. Stop it (Ctrl-C where npm start runs), then restore.`,
    );
  }
}

async function loadDatabase(root: string, archive: string): Promise<DatabaseRows> {
  const dump = new Blob([await readFile(join(root, DATABASE_FILE))]);
  let db;
  try {
    db = await openLocalDatabase(join(root, DATABASE_PART), dump);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw unchanged(`The database in ${archive} cannot be loaded (${why}).`);
  }
  try {
    return await countRows(db);
  } finally {
    await db.close();
  }
}

/** The product parts dataDir holds. */
async function heldParts(dataDir: string): Promise<string[]> {
  const held = [];
  for (const part of PRODUCT_PARTS) if (await exists(join(dataDir, part))) held.push(part);
  return held;
}

export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const started = Date.now();
  const archive = resolve(options.archive);
  const dataDir = resolve(options.dataDir);
  const manifest = await inspectBackup(archive).catch((error: unknown) => {
    throw error instanceof BackupFault ? unchanged(error.message) : error;
  });
  await refuseWhileRunning(dataDir);

  // Beside the data folder, so the restored parts are renamed into it, not copied.
  const staging = `${dataDir}.restoring-${randomUUID()}`;
  try {
    await mkdir(staging, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      throw unchanged(`The folder ${staging}, to unpack into, cannot be made (${(error as Error).message}).`);
    });
    await extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (path, entry) =>
        path.startsWith(`${ARCHIVE_ROOT}/`) &&
        (!('type' in entry) || entry.type === 'File' || entry.type === 'Directory'),
    }).catch((error: unknown) => {
      throw unchanged(`${archive} could not be unpacked (${error instanceof Error ? error.message : String(error)}).`);
    });
    const root = join(staging, ARCHIVE_ROOT);
    const rows = await loadDatabase(root, archive);

    // A host may have started while the archive was unpacked.
    await refuseWhileRunning(dataDir);
    const held = await heldParts(dataDir);
    const movedAside = held.length > 0 ? `${dataDir}.before-restore-${fileStamp(options.now?.() ?? new Date())}` : null;
    if (movedAside) {
      // Not recursive: a folder already there is refused rather than mixed into.
      await mkdir(movedAside, { mode: 0o700 }).catch((error: unknown) => {
        throw unchanged(
          `The folder ${movedAside}, for what ${dataDir} holds now, cannot be made (${(error as Error).message}).`,
        );
      });
    }
    try {
      for (const part of held) await rename(join(dataDir, part), join(movedAside!, part));
      await mkdir(dataDir, { recursive: true });
      for (const part of PRODUCT_PARTS) {
        if (await exists(join(root, part))) await rename(join(root, part), join(dataDir, part));
      }
    } catch (error) {
      const before = movedAside ? ` What it held before is in ${movedAside} and ${dataDir}.` : '';
      throw new BackupFault(
        `The restore into ${dataDir} stopped half way (${(error as Error).message}).${before} Fix the cause and restore again.`,
      );
    }
    return { manifest, rows, movedAside, ms: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
