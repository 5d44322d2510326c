/**
 * Issue 39's backups: `npm run backup` while the product runs, `npm run restore` into a fresh
 * folder, and the product started there with an Auth emulator that has never seen the account.
 * The hosts run as `npm start` runs them (their own processes, the built main.js), with the real
 * engine, the real Auth emulator and real PGlite on disk.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_CREDITS, type ImageEditsPage } from '@flipstage/core';
import { backupFileName, type WrittenBackup } from '../../src/localHost/backup.js';
import { makeBackup } from '../../src/localHost/backupCommand.js';
import { CONTROL_FILE, CONTROL_ROUTE } from '../../src/localHost/controlFile.js';
import { restoreBackup } from '../../src/localHost/restore.js';
import { removeFolders, tempFolder } from '../helpers/backups.js';
import { api, hostWorld, signIn, signUp, type HostWorld, type RunningHost, type Session } from './hostProcess.js';

const PASSWORD = 'kept-in-the-backup';
const folders: string[] = [];
const folder = (name: string) => {
  const path = tempFolder(name);
  folders.push(path);
  return path;
};

let live: HostWorld;
let liveHost: RunningHost;
let restoredWorld: HostWorld | null = null;
let user: Session;
let photo: Buffer;
let listing: { id: string; images: string[] };
let stagedOutput: Buffer;
let backup: WrittenBackup;

async function bytesAt(url: string): Promise<Buffer> {
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

beforeAll(async () => {
  const file = new URL('../fixtures/eval/armchair-carved-cushion-rf100-train_000020.jpg', import.meta.url);
  photo = await sharp(readFileSync(file)).resize(800, 800, { fit: 'inside' }).jpeg().toBuffer();
  live = await hostWorld(folder('live'));
  liveHost = await live.start();
  user = await signUp(liveHost, `backup-${randomUUID()}@example.com`, PASSWORD);
  expect((await api(liveHost, user, '/account', { method: 'POST' })).status).toBe(200);

  const stageForm = new FormData();
  stageForm.set('imageFile', new Blob([photo], { type: 'image/jpeg' }), 'armchair.jpg');
  stageForm.set('style', 'scandinavian');
  stageForm.set('furnitureType', 'chair');
  stageForm.set('mode', 'auto');
  const staged = await api(liveHost, user, '/stage', {
    method: 'POST',
    body: stageForm,
    headers: { 'Idempotency-Key': 'backup-1' },
  });
  expect(staged.status).toBe(200);
  stagedOutput = await bytesAt(((await staged.json()) as { outputUrl: string }).outputUrl);

  const listingForm = new FormData();
  listingForm.set('title', 'Carved armchair');
  listingForm.set('description', 'Carved frame, cushion recovered last year.');
  listingForm.set('price', '95');
  listingForm.append('images', new Blob([photo], { type: 'image/jpeg' }), 'armchair.jpg');
  const listed = await api(liveHost, user, '/marketplace-create-item', { method: 'POST', body: listingForm });
  expect(listed.status).toBe(201);
  listing = (await listed.json()) as typeof listing;

  backup = await makeBackup({ dataDir: live.dataDir, target: join(folder('backups'), backupFileName(new Date())) });
}, 240_000);

afterAll(async () => {
  await restoredWorld?.close();
  await live.close();
  await removeFolders(folders);
});

describe('a backup while the product runs', () => {
  it('is made by the running host', () => {
    expect(backup.manifest).toMatchObject({
      taken: 'online',
      accounts: 1,
      database: { rows: { accounts: 1, listings: 1, stagedImages: 1 } },
    });
  });

  it('refuses a request to the control routes without the control token, or with another', async () => {
    const target = join(folder('refused'), 'backup.tar.gz');
    const post = (headers: Record<string, string>) =>
      fetch(`${liveHost.url}${CONTROL_ROUTE}/backup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ target }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer not-the-token' })).status).toBe(401);
    expect(existsSync(target)).toBe(false);
  });

  it('keeps the control file readable by its owner alone', () => {
    expect(statSync(join(live.dataDir, CONTROL_FILE)).mode & 0o777).toBe(0o600);
  });

  it('is not restored over a folder a host has open, and the folder is left as it was', async () => {
    const before = readdirSync(live.dataDir).sort();
    await expect(restoreBackup({ archive: backup.path, dataDir: live.dataDir })).rejects.toThrow(
      `has ${live.dataDir} open. Stop it (Ctrl-C where npm start runs), then restore. Nothing was changed.`,
    );
    expect(readdirSync(live.dataDir).sort()).toEqual(before);
  });

  describe('restored into a fresh folder and started with a fresh Auth emulator', () => {
    let host: RunningHost;
    let again: Session;
    beforeAll(async () => {
      const fresh = join(folder('restored'), 'data');
      const restored = await restoreBackup({ archive: backup.path, dataDir: fresh });
      expect(restored.movedAside).toBeNull();
      restoredWorld = await hostWorld(fresh);
      host = await restoredWorld.start();
      again = await signIn(host, user.email, PASSWORD);
    }, 120_000);

    it('signs the account in with its password, as the same account', () => {
      expect(again.uid).toBe(user.uid);
    });

    it('has the credits the account had', async () => {
      const account = (await (await api(host, again, '/account')).json()) as { creditsRemaining: number };
      expect(account.creditsRemaining).toBe(SIGNUP_CREDITS - 1);
    });

    it('has the staged image and its file', async () => {
      const edits = (await (await api(host, again, '/image-edits')).json()) as ImageEditsPage;
      expect(edits.data).toHaveLength(1);
      expect(await bytesAt(edits.data[0]!.output_image_url)).toEqual(stagedOutput);
    });

    it('has the listing and its photo', async () => {
      const read = await api(host, again, `/marketplace-get-item?id=${listing.id}`);
      expect(read.status).toBe(200);
      const item = (await read.json()) as { title: string; owner: string; images: string[] };
      expect(item).toMatchObject({ title: 'Carved armchair', owner: user.uid });
      const path = new URL(listing.images[0]!).pathname;
      expect(new URL(item.images[0]!).pathname).toBe(path);
      expect((await bytesAt(item.images[0]!)).byteLength).toBe((await bytesAt(`${liveHost.url}${path}`)).byteLength);
    });
  });

  it('leaves no control file once the host stops', async () => {
    await live.close();
    expect(existsSync(join(live.dataDir, CONTROL_FILE))).toBe(false);
  });
});
