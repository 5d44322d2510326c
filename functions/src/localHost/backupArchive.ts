/**
 * The backup archive of a local data folder: one .tar.gz whose entries all sit under
 * `flipstage-backup/`, the manifest first (so `tar -xzOf FILE flipstage-backup/manifest.json`
 * shows what a backup holds), then the database as PGlite's own dump, then the folder's product
 * files as they are. Only the parts named here are product data: the rest of a data folder
 * (web-build/, dev/, engine-eval/, …) is caches that rebuild themselves.
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { list } from 'tar';
import { ACCOUNTS_FILE } from './keptAccounts.js';

export const ARCHIVE_ROOT = 'flipstage-backup';
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'database.tar';
export const BACKUP_FORMAT = 'flipstage-backup';
export const BACKUP_VERSION = 1;

/** The database folder; in the archive it is DATABASE_FILE, loaded back by PGlite. */
export const DATABASE_PART = 'db';
/**
 * The data folder's product files, copied as they are: the kept accounts, the blobs with their
 * signing key, the mail outbox, the webhook secret, and eBay's (the key that seals the sellers'
 * eBay tokens, the simulated eBay's state). A new kind of product file in the data
 * folder must be named here, or backups leave it out.
 */
export const FILE_PARTS = ['auth', 'blobs', 'outbox', 'webhook-secret', 'ebay'] as const;
/** The kept accounts (keptAccounts.ts), written whole by each save. */
export const ACCOUNTS_PART = 'auth';
export const ACCOUNTS_ENTRY = `${ACCOUNTS_PART}/${ACCOUNTS_FILE}`;
export const PRODUCT_PARTS = [DATABASE_PART, ...FILE_PARTS] as const;

export interface PartTally {
  files: number;
  bytes: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Made by the running host, or from a folder no host had open. */
  taken: 'online' | 'offline';
  from: string;
  database: { file: string; bytes: number; sha256: string; rows: DatabaseRows };
  /** Accounts in the kept accounts file; null when the folder kept none. */
  accounts: number | null;
  /** Every product file part present, with the files and bytes it must hold. */
  parts: Record<string, PartTally>;
}

/** What the database holds, as a person counts it: reported by backup and restore alike. */
export interface DatabaseRows {
  accounts: number;
  listings: number;
  stagedImages: number;
  conversations: number;
}

/** A backup or restore that cannot go on, with a message that says why and what to do. */
export class BackupFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFault';
  }
}

export async function countRows(db: PGlite | Transaction): Promise<DatabaseRows> {
  const { rows } = await db.query<DatabaseRows>(
    `SELECT (SELECT count(*) FROM customers)::int AS accounts, (SELECT count(*) FROM items)::int AS listings,
            (SELECT count(*) FROM image_edits)::int AS "stagedImages", (SELECT count(*) FROM conversations)::int AS conversations`,
  );
  return rows[0]!;
}

export const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/** Writers put a file in place by renaming `<name>.<uuid>.tmp` (atomicFile.ts): such a file is unfinished. */
const unfinished = (name: string) => name.endsWith('.tmp');

/** The files under path (itself, when it is a file), relative to path, '' for path itself; [] when absent. */
export async function filesUnder(path: string): Promise<string[]> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!found) return [];
  if (found.isFile()) return [''];
  const files: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      files.push(...(await filesUnder(join(path, entry.name))).map((inner) => join(entry.name, inner)));
    } else if (entry.isFile() && !unfinished(entry.name)) {
      files.push(entry.name);
    }
  }
  return files;
}

export async function tallyPart(path: string): Promise<PartTally> {
  const files = await filesUnder(path);
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(path, file))).size));
  return { files: files.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

export function accountsIn(text: string): number {
  const users = (JSON.parse(text) as { users?: unknown }).users ?? [];
  if (!Array.isArray(users)) throw new Error('its users are not a list');
  return users.length;
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function checkManifest(value: unknown): BackupManifest {
  const manifest = value as Partial<BackupManifest> | null;
  if (manifest?.format !== BACKUP_FORMAT) throw new Error('its manifest is not a FlipStage backup manifest');
  if (typeof manifest.version !== 'number' || manifest.version > BACKUP_VERSION) {
    throw new Error(`it was made by a newer FlipStage (format ${String(manifest.version)}); update FlipStage first`);
  }
  const { database, parts } = manifest;
  if (
    typeof manifest.createdAt !== 'string' ||
    database?.file !== DATABASE_FILE ||
    !isCount(database.bytes) ||
    typeof database.sha256 !== 'string' ||
    typeof parts !== 'object' ||
    parts === null ||
    Object.entries(parts).some(
      ([name, tally]) =>
        !(FILE_PARTS as readonly string[]).includes(name) || !isCount(tally.files) || !isCount(tally.bytes),
    ) ||
    !(manifest.accounts === null || isCount(manifest.accounts))
  ) {
    throw new Error('its manifest is incomplete');
  }
  return manifest as BackupManifest;
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_BUF_ERROR') return 'the archive ends early (it was cut short while written or copied)';
  if (code === 'Z_DATA_ERROR') return 'the archive is damaged (its data fails the gzip check)';
  if (code === 'TAR_BAD_ARCHIVE' || code === 'TAR_ENTRY_INVALID') return 'it is not a .tar.gz archive';
  return error instanceof Error ? error.message : String(error);
}

/** The part an archive path belongs to and its path within, or null for a path outside the layout. */
function partOf(path: string): { part: string; inner: string } | null {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== ARCHIVE_ROOT || segments.includes('..') || segments.length < 2) return null;
  return { part: segments[1]!, inner: segments.slice(1).join('/') };
}

/**
 * Reads the whole archive without unpacking it and checks it against its manifest: the database
 * dump's size and hash, every part's files and bytes, the accounts. Answers the manifest, or
 * throws a BackupFault that says what is wrong with the file.
 */
export async function inspectBackup(file: string): Promise<BackupManifest> {
  let manifestText: string | null = null;
  let accountsText: string | null = null;
  let firstEntry = true;
  let outside: string | null = null;
  const hash = createHash('sha256');
  const database = { bytes: 0, seen: false };
  const tallies = new Map<string, PartTally>();
  try {
    await list({
      file,
      strict: true,
      onReadEntry(entry) {
        const place = partOf(entry.path);
        const isManifest = place?.inner === MANIFEST_FILE;
        if (firstEntry && !isManifest) outside ??= entry.path;
        firstEntry = false;
        if (!place || (entry.type !== 'File' && entry.type !== 'Directory')) outside ??= entry.path;
        if (entry.type !== 'File' || !place) return entry.resume();
        const chunks: Buffer[] = [];
        const keep = isManifest || place.inner === ACCOUNTS_ENTRY;
        const isDatabase = place.inner === DATABASE_FILE;
        const tally = isManifest || isDatabase ? null : (tallies.get(place.part) ?? { files: 0, bytes: 0 });
        if (tally) {
          tally.files += 1;
          tallies.set(place.part, tally);
        }
        entry.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
          if (isDatabase) {
            hash.update(chunk);
            database.bytes += chunk.length;
          } else if (tally) {
            tally.bytes += chunk.length;
          }
        });
        entry.on('end', () => {
          if (isDatabase) database.seen = true;
          if (isManifest) manifestText = Buffer.concat(chunks).toString('utf8');
          if (place.inner === ACCOUNTS_ENTRY) accountsText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupFault(`There is no file ${file}.`);
    throw new BackupFault(`${file} is not a complete FlipStage backup: ${describeReadError(error)}.`);
  }
  const fault = (why: string) => new BackupFault(`${file} is not a complete FlipStage backup: ${why}.`);
  if (outside !== null || manifestText === null) {
    throw fault(manifestText === null ? 'it has no manifest' : `it holds ${outside}, which no FlipStage backup has`);
  }
  let manifest: BackupManifest;
  try {
    manifest = checkManifest(JSON.parse(manifestText));
  } catch (error) {
    throw fault((error as Error).message);
  }
  if (!database.seen) throw fault('its database is missing');
  if (database.bytes !== manifest.database.bytes || hash.digest('hex') !== manifest.database.sha256) {
    throw fault('its database is not the one its manifest describes');
  }
  const names = new Set([...Object.keys(manifest.parts), ...tallies.keys()]);
  for (const name of names) {
    const found = tallies.get(name) ?? { files: 0, bytes: 0 };
    const listed = manifest.parts[name] ?? { files: 0, bytes: 0 };
    if (found.files !== listed.files || found.bytes !== listed.bytes) {
      throw fault(
        `${name} holds ${found.files} files (${found.bytes} bytes) where the manifest lists ${listed.files} (${listed.bytes} bytes)`,
      );
    }
  }
  if (manifest.accounts !== null) {
    let accounts: number | null = null;
    try {
      accounts = accountsText === null ? null : accountsIn(accountsText);
    } catch (error) {
      throw fault(`its accounts cannot be read (${(error as Error).message})`);
    }
    if (accounts !== manifest.accounts)
      throw fault(`it holds ${accounts ?? 'no'} accounts where the manifest lists ${manifest.accounts}`);
  }
  return manifest;
}

/** An ISO time that can name a file on any file system (no colons). */
export const fileStamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a backup holds, as a person counts it: "2 accounts, 3 listings, 4 staged images, 0 conversations, 31 files". */
export function describeContents(manifest: BackupManifest, rows: DatabaseRows = manifest.database.rows): string {
  const files = Object.values(manifest.parts).reduce((sum, part) => sum + part.files, 0);
  const accounts = manifest.accounts ?? rows.accounts;
  return `${accounts} accounts, ${rows.listings} listings, ${rows.stagedImages} staged images, ${rows.conversations} conversations, ${files} files`;
}
