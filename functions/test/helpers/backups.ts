/** Data folders as local mode leaves them, and a look inside backup archives, for the backup tests. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { list } from 'tar';
import { openLocalDatabase } from '../../src/adapters/local/database.js';
import { blobSigningKey, createFileBlobs } from '../../src/adapters/local/fileBlobs.js';
import { loadOrCreateWebhookSecret } from '../../src/wiring/local.js';
import { jpegBytes } from './images.js';

export const tempFolder = (name: string) => mkdtempSync(join(tmpdir(), `flipstage-${name}-`));

/** Removes the folders and whatever a restore put beside them (`<folder>.before-restore-…`, `<folder>.restoring-…`). */
export async function removeFolders(paths: readonly string[]): Promise<void> {
  const beside = paths.flatMap((path) =>
    readdirSync(dirname(path))
      .filter((name) => name.startsWith(`${basename(path)}.`))
      .map((name) => join(dirname(path), name)),
  );
  await Promise.all([...paths, ...beside].map((path) => rm(path, { recursive: true, force: true })));
}

export const OUTPUT_PATH = 'edits/u-1/e-1/output.jpg';

/**
 * A data folder with one account (7 credits, one staged image), its blob, a mail in the outbox,
 * the keys, the kept accounts and a cache beside them; its database closed, as no host has it open.
 */
export async function makeDataFolder(): Promise<string> {
  const dataDir = tempFolder('data');
  const template = process.env.FLIPSTAGE_TEST_DB_TEMPLATE;
  const db = await openLocalDatabase(join(dataDir, 'db'), template ? new Blob([readFileSync(template)]) : undefined);
  await db.query("INSERT INTO customers (uid, credits_remaining) VALUES ('u-1', 7)");
  await db.query(
    `INSERT INTO image_edits (id, user_id, input_image_url, output_image_url, background_style, created_at)
     VALUES ('e-1', 'u-1', 'in', $1, 'studio', now())`,
    [OUTPUT_PATH],
  );
  await db.close();
  const blobsDir = join(dataDir, 'blobs');
  const blobs = createFileBlobs({
    rootDir: blobsDir,
    baseUrl: 'http://127.0.0.1',
    signingKey: blobSigningKey(blobsDir),
  });
  await blobs.put(OUTPUT_PATH, await jpegBytes(), 'image/jpeg');
  loadOrCreateWebhookSecret(dataDir);
  mkdirSync(join(dataDir, 'outbox'));
  writeFileSync(join(dataDir, 'outbox', 'notice.json'), '{"to":"seller@example.com"}\n');
  mkdirSync(join(dataDir, 'auth'));
  writeFileSync(join(dataDir, 'auth', 'accounts.json'), JSON.stringify({ users: [{ localId: 'u-1' }] }));
  writeFileSync(join(dataDir, 'auth', 'config.json'), '{}');
  mkdirSync(join(dataDir, 'web-build', 'k'), { recursive: true });
  writeFileSync(join(dataDir, 'web-build', 'k', 'index.html'), '<!doctype html>');
  return dataDir;
}

/** The paths of an archive's entries, in order. */
export async function archiveEntries(file: string): Promise<string[]> {
  const paths: string[] = [];
  await list({ file, onReadEntry: (entry) => paths.push(entry.path) });
  return paths;
}
