/**
 * Writes the backup archive (backupArchive.ts) of a data folder whose database this process has
 * open: the running host's, or the backup script's when no host runs. The parts are gathered in
 * a staging folder inside the data folder, then packed:
 *
 * - the database is PGlite's dump of its data directory, taken inside a transaction so that no
 *   other transaction is half done in it (a statement in flight is rolled back when it loads, as
 *   after a crash);
 * - the files are hard-linked into the staging folder once before the dump and once after, so a
 *   blob the dump refers to is kept even if the deletion of its listing removes it from the folder
 *   while the archive is written (blobs are renamed into place whole and never changed, so a link
 *   is a snapshot);
 * - the accounts are saved fresh after the dump, so every account the dump knows is in them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';
import {
  accountsIn,
  ACCOUNTS_ENTRY,
  ACCOUNTS_PART,
  ARCHIVE_ROOT,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFault,
  countRows,
  DATABASE_FILE,
  exists,
  FILE_PARTS,
  filesUnder,
  fileStamp,
  MANIFEST_FILE,
  tallyPart,
  type BackupManifest,
  type PartTally,
} from './backupArchive.js';

export const BACKUP_EXTENSION = '.tar.gz';

export interface WriteBackupOptions {
  dataDir: string;
  db: PGlite;
  /** The archive to create: an absolute path ending in .tar.gz, in a folder that exists; never replaced. */
  target: string;
  taken: BackupManifest['taken'];
  /** Writes `<dataDir>/auth/` fresh from the Auth emulator; without a host, the kept files are already current. */
  saveAccounts?: () => Promise<void>;
  now?: () => Date;
}

export interface WrittenBackup {
  path: string;
  bytes: number;
  manifest: BackupManifest;
  ms: number;
}

/** The archive's name for a backup made at `at`. */
export function backupFileName(at: Date): string {
  return `flipstage-backup-${fileStamp(at)}${BACKUP_EXTENSION}`;
}

async function checkTarget(target: string): Promise<void> {
  if (!isAbsolute(target) || !target.endsWith(BACKUP_EXTENSION)) {
    throw new BackupFault(`A backup is written to an absolute path ending in ${BACKUP_EXTENSION}, not ${target}.`);
  }
  const folder = await stat(dirname(target)).catch(() => null);
  if (!folder?.isDirectory()) throw new BackupFault(`The folder ${dirname(target)} does not exist.`);
  if (await exists(target)) throw refusedTarget(target);
}

const refusedTarget = (target: string) =>
  new BackupFault(`${target} already exists, and a backup never replaces a file.`);

/**
 * A link, not a rename, so a file that appeared at the target meanwhile is never replaced; where
 * the file system has no links (FAT and exFAT drives), a rename after one more look.
 */
async function moveIntoPlace(partial: string, target: string): Promise<void> {
  try {
    await link(partial, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || (await exists(target))) throw refusedTarget(target);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    await rename(partial, target);
  }
}

/** The accounts are staged once, after they are saved: the other parts are staged before the dump and after. */
const UNCHANGING_PARTS = FILE_PARTS.filter((part) => part !== ACCOUNTS_PART);

/** Links each file of the parts into the staging folder, unless a previous pass did; copies where links fail. */
async function stageFiles(dataDir: string, staged: string, parts: readonly string[]): Promise<void> {
  for (const part of parts) {
    for (const file of await filesUnder(join(dataDir, part))) {
      const from = join(dataDir, part, file);
      const to = join(staged, part, file);
      await mkdir(dirname(to), { recursive: true });
      try {
        await link(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // EEXIST: staged by an earlier pass. ENOENT: deleted since it was listed, as a deleted listing's photos
        // are; those the dump still refers to were linked by the pass before it.
        if (code === 'EEXIST' || code === 'ENOENT') continue;
        await copyFile(from, to, constants.COPYFILE_EXCL);
      }
    }
  }
}

async function readAccounts(staged: string): Promise<number | null> {
  const text = await readFile(join(staged, ACCOUNTS_ENTRY), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  try {
    return accountsIn(text);
  } catch (error) {
    throw new BackupFault(`The kept accounts in ${ACCOUNTS_ENTRY} cannot be read (${(error as Error).message}).`);
  }
}

export async function writeBackup(options: WriteBackupOptions): Promise<WrittenBackup> {
  const started = Date.now();
  const { dataDir, db, target } = options;
  await checkTarget(target);
  const staging = join(dataDir, `.backup-${randomUUID()}`);
  const staged = join(staging, ARCHIVE_ROOT);
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await mkdir(staged, { recursive: true, mode: 0o700 });
    await stageFiles(dataDir, staged, UNCHANGING_PARTS);
    const { dump, rows } = await db.transaction(async (tx) => ({
      rows: await countRows(tx),
      dump: new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()),
    }));
    await writeFile(join(staged, DATABASE_FILE), dump, { mode: 0o600 });
    await stageFiles(dataDir, staged, UNCHANGING_PARTS);
    await options.saveAccounts?.();
    await stageFiles(dataDir, staged, [ACCOUNTS_PART]);

    const parts: Record<string, PartTally> = {};
    for (const part of FILE_PARTS) {
      const tally = await tallyPart(join(staged, part));
      if (tally.files > 0) parts[part] = tally;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      taken: options.taken,
      from: dataDir,
      database: {
        file: DATABASE_FILE,
        bytes: dump.byteLength,
        sha256: createHash('sha256').update(dump).digest('hex'),
        rows,
      },
      accounts: await readAccounts(staged),
      parts,
    };
    await writeFile(join(staged, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // The manifest first, so a reader learns what the archive is before it reads the rest.
    const entries = [MANIFEST_FILE, DATABASE_FILE, ...Object.keys(parts)].map((name) => `${ARCHIVE_ROOT}/${name}`);
    // Password hashes and keys are inside: readable by the owner alone.
    await create({ gzip: true, portable: true, cwd: staging, file: partial, mode: 0o600 }, entries);
    await moveIntoPlace(partial, target);
    return { path: target, bytes: (await stat(target)).size, manifest, ms: Date.now() - started };
  } finally {
    await Promise.all([rm(staging, { recursive: true, force: true }), rm(partial, { force: true })]);
  }
}
