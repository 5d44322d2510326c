/**
 * Backups of a data folder no host has open, and restoring them: real PGlite on disk, real files,
 * real archives, and archives damaged the ways files are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDatabase } from '../../src/adapters/local/database.js';
import { backupFileName } from '../../src/localHost/backup.js';
import { ARCHIVE_ROOT, countRows, MANIFEST_FILE as MANIFEST } from '../../src/localHost/backupArchive.js';
import { makeBackup } from '../../src/localHost/backupCommand.js';
import { CONTROL_FILE } from '../../src/localHost/controlFile.js';
import { restoreBackup } from '../../src/localHost/restore.js';
import { freePort } from '../../../scripts/lib/freePort.mjs';
import { archiveEntries, makeDataFolder, OUTPUT_PATH, removeFolders, tempFolder } from '../helpers/backups.js';

const made: string[] = [];
const folder = (name: string) => {
  const path = tempFolder(name);
  made.push(path);
  return path;
};

let dataDir: string;
let archive: string;
beforeAll(async () => {
  dataDir = await makeDataFolder();
  made.push(dataDir);
  archive = join(folder('backups'), backupFileName(new Date()));
  await makeBackup({ dataDir, target: archive });
}, 60_000);
afterAll(async () => {
  await removeFolders(made);
});

/** The archive unpacked, changed by `change`, and packed again, its manifest (if any) first. */
async function repacked(change: (root: string) => void): Promise<string> {
  const work = folder('repack');
  await extract({ file: archive, cwd: work });
  change(join(work, ARCHIVE_ROOT));
  const names = readdirSync(join(work, ARCHIVE_ROOT)).sort((a, b) => Number(b === MANIFEST) - Number(a === MANIFEST));
  const file = join(folder('repacked'), 'changed.tar.gz');
  await create(
    { gzip: true, cwd: work, file },
    names.map((name) => `${ARCHIVE_ROOT}/${name}`),
  );
  return file;
}

function copyOfArchive(change: (bytes: Buffer) => Buffer): string {
  const file = join(folder('damaged'), 'damaged.tar.gz');
  writeFileSync(file, change(readFileSync(archive)));
  return file;
}

describe('a backup of a folder no host has open', () => {
  it('holds the manifest first, the database, every product file and the accounts, and no caches', async () => {
    const entries = await archiveEntries(archive);
    expect(entries[0]).toBe(`${ARCHIVE_ROOT}/manifest.json`);
    expect(entries).toEqual(
      expect.arrayContaining([
        `${ARCHIVE_ROOT}/database.tar`,
        `${ARCHIVE_ROOT}/blobs/files/${OUTPUT_PATH}`,
        `${ARCHIVE_ROOT}/blobs/types/${OUTPUT_PATH}`,
        `${ARCHIVE_ROOT}/blobs/signing-key`,
        `${ARCHIVE_ROOT}/outbox/notice.json`,
        `${ARCHIVE_ROOT}/auth/accounts.json`,
        `${ARCHIVE_ROOT}/auth/config.json`,
        `${ARCHIVE_ROOT}/webhook-secret`,
      ]),
    );
    expect(entries.filter((path) => path.includes('web-build') || path.includes(CONTROL_FILE))).toEqual([]);
  });

  it('says what it holds in its manifest', async () => {
    const written = await makeBackup({ dataDir, target: join(folder('backups'), 'again.tar.gz') });
    expect(written.manifest).toMatchObject({
      format: 'flipstage-backup',
      version: 1,
      taken: 'offline',
      from: dataDir,
      accounts: 1,
      database: { file: 'database.tar', rows: { accounts: 1, listings: 0, stagedImages: 1, conversations: 0 } },
      parts: { blobs: { files: 3 }, outbox: { files: 1 }, auth: { files: 2 }, 'webhook-secret': { files: 1 } },
    });
    expect(written.bytes).toBe(statSync(written.path).size);
  });

  it('is readable by its owner alone', () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('never replaces a file that is there', async () => {
    const target = join(folder('backups'), 'taken.tar.gz');
    writeFileSync(target, 'mine');
    await expect(makeBackup({ dataDir, target })).rejects.toThrow(
      `${target} already exists, and a backup never replaces a file.`,
    );
    expect(readFileSync(target, 'utf8')).toBe('mine');
  });

  it('refuses a folder that holds no database', async () => {
    const empty = folder('empty');
    await expect(makeBackup({ dataDir: empty, target: join(empty, '..', 'none.tar.gz') })).rejects.toThrow(
      `${empty} holds no FlipStage database, so there is nothing to back up.`,
    );
  });

  it('takes a control file left by a host that is gone for no host', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dataDir, CONTROL_FILE),
      JSON.stringify({ url: 'http://127.0.0.1:9', token: 't', pid: gone, dataDir }),
    );
    try {
      const written = await makeBackup({ dataDir, target: join(folder('backups'), 'stale.tar.gz') });
      expect(written.manifest.taken).toBe('offline');
    } finally {
      await rm(join(dataDir, CONTROL_FILE));
    }
  });
  it('stops, and says why, when the process a control file names is alive but does not answer', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    writeFileSync(join(dataDir, CONTROL_FILE), JSON.stringify({ url, token: 't', pid: process.pid, dataDir }));
    const target = join(folder('backups'), 'stuck.tar.gz');
    try {
      await expect(makeBackup({ dataDir, target })).rejects.toThrow(
        `says a FlipStage host (process ${process.pid}) has this folder open at ${url}, but it does not answer.`,
      );
      expect(existsSync(target)).toBe(false);
    } finally {
      await rm(join(dataDir, CONTROL_FILE));
    }
  });
});

describe('restoring a backup', () => {
  it('brings the database, the files, the keys and the accounts back into a fresh folder', async () => {
    const fresh = join(folder('fresh'), 'data');
    const restored = await restoreBackup({ archive, dataDir: fresh });
    expect(restored.movedAside).toBeNull();
    expect(restored.rows).toEqual({ accounts: 1, listings: 0, stagedImages: 1, conversations: 0 });
    for (const file of [
      `blobs/files/${OUTPUT_PATH}`,
      'blobs/signing-key',
      'webhook-secret',
      'auth/accounts.json',
      'outbox/notice.json',
    ]) {
      expect(readFileSync(join(fresh, file))).toEqual(readFileSync(join(dataDir, file)));
    }
    const db = await openLocalDatabase(join(fresh, 'db'));
    expect(await countRows(db)).toEqual(restored.rows);
    await db.close();
  });

  it('moves the product data a folder holds aside, never deleting it, and leaves its caches in place', async () => {
    const target = await makeDataFolder();
    made.push(target);
    const secret = readFileSync(join(target, 'webhook-secret'), 'utf8');
    const restored = await restoreBackup({ archive, dataDir: target });
    const aside = restored.movedAside!;
    expect(aside).toMatch(new RegExp(`^${target}\\.before-restore-`));
    expect(readFileSync(join(aside, 'webhook-secret'), 'utf8')).toBe(secret);
    expect(readdirSync(aside).sort()).toEqual(['auth', 'blobs', 'db', 'outbox', 'webhook-secret']);
    expect(readFileSync(join(target, 'webhook-secret'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'webhook-secret'), 'utf8'),
    );
    expect(existsSync(join(target, 'web-build', 'k', 'index.html'))).toBe(true);
  });

  /** Restores file into a data folder and answers the message it is refused with, checking the folder is as it was. */
  async function refusal(file: string): Promise<string> {
    const target = await makeDataFolder();
    made.push(target);
    const before = readdirSync(target).sort();
    const error = await restoreBackup({ archive: file, dataDir: target }).then(
      () => null,
      (fault: unknown) => fault as Error,
    );
    expect(readdirSync(target).sort()).toEqual(before);
    const beside = readdirSync(dirname(target)).filter((name) => name.startsWith(`${basename(target)}.`));
    expect(beside).toEqual([]);
    expect(error?.message).toMatch(/ Nothing was changed\.$/);
    return error!.message;
  }

  it.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2)), 'the archive ends early'],
    [
      'damaged',
      (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 600), Buffer.from('garbage'), bytes.subarray(607)]),
      'the archive is damaged',
    ],
    ['that is no archive at all', () => Buffer.from('not a backup'), 'it is not a .tar.gz archive'],
  ])('refuses an archive %s with its message and changes nothing', async (_name, change, why) => {
    const file = copyOfArchive(change);
    expect(await refusal(file)).toContain(`${file} is not a complete FlipStage backup: ${why}`);
  });

  it('refuses an archive without a manifest', async () => {
    const file = await repacked((root) => rmSync(join(root, MANIFEST)));
    expect(await refusal(file)).toContain(`${file} is not a complete FlipStage backup: it has no manifest.`);
  });

  it('refuses an archive that lacks a file its manifest lists', async () => {
    const file = await repacked((root) => rmSync(join(root, 'blobs', 'files', OUTPUT_PATH)));
    expect(await refusal(file)).toMatch(
      /: blobs holds 2 files \(\d+ bytes\) where the manifest lists 3 \(\d+ bytes\)\./,
    );
  });

  it('refuses a backup made by a newer FlipStage', async () => {
    const file = await repacked((root) => {
      const manifest = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')) as { version: number };
      writeFileSync(join(root, MANIFEST), JSON.stringify({ ...manifest, version: 2 }));
    });
    expect(await refusal(file)).toContain('it was made by a newer FlipStage (format 2); update FlipStage first.');
  });
});
