/**
 * The demo seller's listings from real photos, and the upgrade of a data folder seeded before
 * them with drawn furniture (the local_meta key 'demo-listings').
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { openLocalDatabase } from '../../src/adapters/local/database.js';
import { REPO_ROOT } from '../../src/localHost/server.js';
import { DEMO_LOGIN } from '../../src/localHost/seedDemo.js';
import { SEED_LISTINGS } from '../../src/localHost/seedListings.js';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { AUTH_EMULATOR_HOST, signUpTestUser } from '../helpers/emulatorUsers.js';
import { createFakeStager } from '../helpers/fakeStager.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';

const PHOTOS_DIR = join(REPO_ROOT, 'samples', 'photos');

describe('the demo listings’ photos', () => {
  const manifest = JSON.parse(readFileSync(join(PHOTOS_DIR, 'manifest.json'), 'utf8')) as Array<
    Record<'file' | 'author' | 'licence' | 'source', string>
  >;

  it('are each in samples/photos with its source, author and licence in the manifest', () => {
    for (const { photo } of SEED_LISTINGS) {
      expect(existsSync(join(PHOTOS_DIR, photo)), photo).toBe(true);
      const entry = manifest.find((e) => e.file === photo);
      expect(entry?.source, photo).toMatch(/\S/);
      expect(entry?.author, photo).toMatch(/\S/);
      expect(entry?.licence, photo).toMatch(/^(Pexels License|CC BY 4\.0)/);
    }
  });
});

async function demoSellerToken(): Promise<string> {
  const auth = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `test-${randomUUID()}`));
  await auth
    .createUser({ uid: DEMO_LOGIN.uid, email: DEMO_LOGIN.email, password: DEMO_LOGIN.password })
    .catch((error: { code?: string }) => {
      // Another suite's first start may have made the demo seller already.
      if (error.code !== 'auth/uid-already-exists' && error.code !== 'auth/email-already-exists') throw error;
    });
  const signIn = await postEmulatorJson(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, returnSecureToken: true },
  );
  return (signIn.json as { idToken: string }).idToken;
}

describe('a data folder seeded with the drawn demo listings', () => {
  let dataDir: string;
  let hostUrl: string;
  let closeHost: () => Promise<void>;
  const ids = { untouched: '', edited: '', writtenLater: '', otherSellers: '' };
  let demoToken: string;

  async function write(token: string, path: string, method: string, fields: Record<string, string>): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const res = await fetch(`${hostUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return ((await res.json()) as { id: string }).id;
  }
  const create = (token: string, title: string) =>
    write(token, 'marketplace-create-item', 'POST', { title, description: 'Drawn.', price: '100' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flipstage-drawn-demo-'));
    const before = await startTestLocalHost(dataDir);
    hostUrl = before.url;
    demoToken = await demoSellerToken();
    const other = await signUpTestUser();
    for (const token of [demoToken, other.idToken])
      await fetch(`${hostUrl}/api/account`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    ids.untouched = await create(demoToken, 'Painted six-drawer dresser');
    ids.edited = await create(demoToken, 'Tall walnut bookcase');
    await write(demoToken, `marketplace-update-item?id=${ids.edited}`, 'PUT', {
      title: 'Tall walnut bookcase, shelves refinished',
      description: 'Drawn.',
      price: '130',
    });
    const seededAt = new Date().toISOString();
    ids.writtenLater = await create(demoToken, 'A piece the demo seller listed');
    ids.otherSellers = await create(other.idToken, 'Another seller’s dresser');
    await before.close();

    const db = await openLocalDatabase(join(dataDir, 'db'));
    await db.query("INSERT INTO local_meta (key, value) VALUES ('demo-listings', $1)", [seededAt]);
    await db.close();

    const after = await startTestLocalHost(dataDir, { seed: true, stager: await createFakeStager() });
    hostUrl = after.url;
    closeHost = () => after.close();
  });
  afterAll(async () => {
    await closeHost();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const getItem = (id: string) => fetch(`${hostUrl}/api/marketplace-get-item?id=${id}`);

  async function demoSellerTitles(): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (
        await fetch(
          `${hostUrl}/api/marketplace-seller-items?seller=${DEMO_LOGIN.uid}${cursor ? `&cursor=${cursor}` : ''}`,
          {
            headers: { authorization: `Bearer ${demoToken}` },
          },
        )
      ).json()) as { data: { title: string }[]; nextCursor: string | null };
      titles.push(...page.data.map((i) => i.title));
      cursor = page.nextCursor;
    } while (cursor);
    return titles.sort();
  }

  it('has the demo seller’s drawn listings it left as they were replaced by the listings from photos', async () => {
    expect((await getItem(ids.untouched)).status).toBe(404);
    expect(await demoSellerTitles()).toEqual(
      [
        ...SEED_LISTINGS.map((l) => l.title),
        'Tall walnut bookcase, shelves refinished',
        'A piece the demo seller listed',
      ].sort(),
    );
  });

  it('keeps the listings the demo seller edited or wrote', async () => {
    expect((await getItem(ids.edited)).status).toBe(200);
    expect((await getItem(ids.writtenLater)).status).toBe(200);
  });

  it('keeps every other seller’s listings', async () => {
    expect((await getItem(ids.otherSellers)).status).toBe(200);
  });
});
