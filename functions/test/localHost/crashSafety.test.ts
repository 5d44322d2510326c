/**
 * Issue 39's promise: nothing confirmed is lost when the local host dies. The host runs as its own
 * process and is killed with SIGKILL three times, each in the middle of real work (six stagings
 * through the real engine, listing saves with photos, checkouts), on one data folder; the Auth
 * emulator goes with it each time, so the accounts can only come back from the folder. After each
 * kill it starts again the way `npm start` does.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, SIGNUP_CREDITS } from '@flipstage/core';
import { openLocalDatabase } from '../../src/adapters/local/database.js';
import { api, hostWorld, signIn, signUp, type HostWorld, type RunningHost, type Session } from './hostProcess.js';

const PASSWORD = 'kept-across-crashes';
const PHOTOS = ['sofa-corner-cushions-window-pexels-275484.jpg', 'table-wood-floor-rf100-train_000446.jpg'];

let world: HostWorld;
let host: RunningHost;
let photos: Buffer[];
/** Each account whose sign-up was answered, and the stagings it started (by Idempotency-Key). */
const people: Array<{ email: string; uid: string; keys: string[] }> = [];
/** What each start after a kill found, in order. */
const restarts: Array<{ point: string; signedIn: number; accountsRead: number }> = [];
let balances: Map<string, number>;
let retried: Array<{ key: string; status: number; charged: number }>;
/** The stagings answered 200 before the first kill, and the read of each listing answered 201 before the second. */
let answeredKeys: string[];
let listingsFound: number[];

async function photo(name: string): Promise<Buffer> {
  const file = new URL(`../fixtures/eval/${name}`, import.meta.url);
  return sharp(readFileSync(file)).resize(900, 900, { fit: 'inside' }).jpeg().toBuffer();
}

async function newPerson(): Promise<Session> {
  const email = `crash-${randomUUID()}@example.com`;
  const user = await signUp(host, email, PASSWORD);
  people.push({ email, uid: user.uid, keys: [] });
  expect((await api(host, user, '/account', { method: 'POST' })).status).toBe(200);
  return user;
}

function stage(user: Session, key: string, image: Buffer): Promise<Response> {
  const form = new FormData();
  form.set('imageFile', new Blob([image], { type: 'image/jpeg' }), 'piece.jpg');
  form.set('style', 'scandinavian');
  form.set('furnitureType', 'dresser');
  form.set('mode', 'auto');
  return api(host, user, '/stage', { method: 'POST', body: form, headers: { 'Idempotency-Key': key } });
}

function listPiece(user: Session, title: string): Promise<Response> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Solid wood, six drawers.');
  form.set('price', '180');
  for (const image of photos) form.append('images', new Blob([image], { type: 'image/jpeg' }), 'p.jpg');
  return api(host, user, '/marketplace-create-item', { method: 'POST', body: form });
}

async function checkout(user: Session): Promise<Response> {
  const session = await api(host, user, '/stripe-create-checkout-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      priceId: LOCAL_PRICE_IDS.base,
      successUrl: 'http://127.0.0.1:5173/dashboard',
      cancelUrl: 'http://127.0.0.1:5173/pricing',
    }),
  });
  const { url } = (await session.json()) as { url: string };
  const page = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+\/confirm)">/.exec(page)?.[1];
  if (!action) throw new Error('The checkout page has no confirm form');
  return fetch(`${host.url}${action}`, { method: 'POST', redirect: 'manual' });
}

/** How many requests of each kill point were cut off by the kill. */
const cutOff: number[] = [];

/**
 * Starts the work and kills the host at `moment` (by default, as soon as the first request is
 * answered); answers each request's status, 0 for one the kill cut off, and its body.
 */
async function killDuring(
  work: Array<Promise<Response>>,
  moment?: Promise<unknown>,
): Promise<Array<{ status: number; body: string }>> {
  const settled = work.map((request) =>
    request.then(
      async (response) => ({ status: response.status, body: await response.text().catch(() => '') }),
      () => ({ status: 0, body: '' }),
    ),
  );
  await (moment ?? Promise.race(settled));
  await host.kill();
  const outcomes = await Promise.all(settled);
  cutOff.push(outcomes.filter((outcome) => outcome.status === 0).length);
  return outcomes;
}

/** Starts again on the same folder with an empty emulator, and signs everyone in. */
async function restartAfter(point: string): Promise<Session[]> {
  host = await world.start();
  const sessions = await Promise.all(people.map((person) => signIn(host, person.email, PASSWORD)));
  // As the app does on every sign-in: the account row is made once, then read.
  const reads = await Promise.all(sessions.map((user) => api(host, user, '/account', { method: 'POST' })));
  restarts.push({ point, signedIn: sessions.length, accountsRead: reads.filter((read) => read.status === 200).length });
  return sessions;
}

beforeAll(async () => {
  photos = await Promise.all(PHOTOS.map(photo));
  world = await hostWorld(mkdtempSync(join(tmpdir(), 'flipstage-crash-')));
  host = await world.start();
  const users = [await newPerson(), await newPerson(), await newPerson()];

  // Kill 1: six stagings in flight, two per account, and a sign-up racing them.
  const stagings = users.flatMap((user, i) =>
    [0, 1].map((n) => {
      const key = `crash-${i}-${n}`;
      people[i]!.keys.push(key);
      return stage(user, key, photos[n]!);
    }),
  );
  const lateEmail = `crash-late-${randomUUID()}@example.com`;
  const lateSignUp = signUp(host, lateEmail, PASSWORD).then(
    (user) => people.push({ email: lateEmail, uid: user.uid, keys: [] }),
    () => undefined,
  );
  const staged = await killDuring(stagings);
  answeredKeys = people
    .slice(0, 3)
    .flatMap((person) => person.keys)
    .filter((_, i) => staged[i]!.status === 200);
  await lateSignUp;
  let sessions = await restartAfter('stagings');

  // Kill 2: two listings with photos per account being saved.
  const saves = await killDuring(
    sessions.slice(0, 3).flatMap((user) => [listPiece(user, 'Oak dresser'), listPiece(user, 'Pine chest')]),
  );
  const savedIds = saves
    .filter((save) => save.status === 201)
    .map((save) => (JSON.parse(save.body) as { id: string }).id);
  sessions = await restartAfter('listing saves');
  listingsFound = await Promise.all(
    savedIds.map(async (id) => (await fetch(`${host.url}/api/marketplace-get-item?id=${id}`)).status),
  );

  // Kill 3: a checkout confirmed by each account at once, killed between one's first payment event
  // and its last (the invoice that grants the credits).
  const firstEvent = host.nextLine((line) => line.includes('"message":"webhook processed"'));
  await killDuring(sessions.slice(0, 3).map(checkout), firstEvent);
  sessions = await restartAfter('checkouts');

  // Every staging retried with its key: the crashed ones run again, the saved ones come back as they were.
  retried = [];
  for (const [i, user] of sessions.entries()) {
    for (const key of people[i]!.keys) {
      const before = ((await (await api(host, user, '/account')).json()) as { creditsRemaining: number })
        .creditsRemaining;
      const status = (await stage(user, key, photos[0]!)).status;
      const after = ((await (await api(host, user, '/account')).json()) as { creditsRemaining: number })
        .creditsRemaining;
      retried.push({ key, status, charged: before - after });
    }
  }
  balances = new Map(
    await Promise.all(
      sessions.map(async (user) => {
        const account = (await (await api(host, user, '/account')).json()) as { creditsRemaining: number };
        return [user.uid, account.creditsRemaining] as const;
      }),
    ),
  );
  await world.close();
}, 900_000);

afterAll(async () => {
  await world?.close();
  if (world) rmSync(world.dataDir, { recursive: true, force: true });
});

describe('the local host killed with SIGKILL three times mid-work', () => {
  it('kills each time with work still in flight', () => {
    expect(cutOff).toHaveLength(3);
    for (const unanswered of cutOff) expect(unanswered).toBeGreaterThan(0);
  });

  it('starts again after each kill, and every account signs in with its password and reads its account', () => {
    expect(restarts.map((r) => r.point)).toEqual(['stagings', 'listing saves', 'checkouts']);
    for (const restart of restarts) {
      expect(restart.signedIn).toBe(people.length);
      expect(restart.accountsRead).toBe(people.length);
    }
    expect(people.length).toBeGreaterThanOrEqual(3);
  });

  it('charges a retried staging only if the kill cut it off: one answered before the kill comes back free', () => {
    expect(retried).toHaveLength(6);
    expect(answeredKeys.length).toBeGreaterThan(0);
    for (const retry of retried) {
      expect(retry.status).toBe(200);
      expect(retry.charged).toBe(answeredKeys.includes(retry.key) ? 0 : 1);
    }
  });

  it('keeps every listing whose save was answered before the kill', () => {
    expect(listingsFound.length).toBeGreaterThan(0);
    expect(listingsFound.every((status) => status === 200)).toBe(true);
  });

  describe('in the database once the host has stopped', () => {
    let rows: {
      customers: Array<{ uid: string; credits_remaining: number }>;
      ledger: Array<{ uid: string; delta: number; reason: string }>;
      edits: Array<{ user_id: string; input_image_url: string; output_image_url: string }>;
      items: Array<{ owner: string; images: string[]; thumbs: string[] }>;
      pending: number;
      checkouts: Array<{ uid: string; status: string }>;
    };
    beforeAll(async () => {
      const db = await openLocalDatabase(join(world.dataDir, 'db'));
      try {
        rows = {
          customers: (
            await db.query<{ uid: string; credits_remaining: number }>('SELECT uid, credits_remaining FROM customers')
          ).rows,
          ledger: (
            await db.query<{ uid: string; delta: number; reason: string }>('SELECT uid, delta, reason FROM ledger')
          ).rows,
          edits: (
            await db.query<{ user_id: string; input_image_url: string; output_image_url: string }>(
              'SELECT * FROM image_edits',
            )
          ).rows,
          items: (
            await db.query<{ owner: string; images: string[]; thumbs: string[] }>(
              'SELECT owner, images, thumbs FROM items',
            )
          ).rows,
          pending: (await db.query("SELECT 1 FROM stage_requests WHERE status = 'pending'")).rows.length,
          checkouts: (await db.query<{ uid: string; status: string }>('SELECT uid, status FROM sim_checkout_sessions'))
            .rows,
        };
      } finally {
        await db.close();
      }
    });

    it('accounts for every credit: balance = grants and purchases − saved stagings, one saved staging per key', () => {
      expect(rows.pending).toBe(0);
      for (const person of people.slice(0, 3)) {
        const postings = rows.ledger.filter((row) => row.uid === person.uid);
        // Sign-up, plan and trial postings; the rest are stagings' debits and refunds.
        const granted = postings.filter((row) => row.reason !== 'stage' && row.reason !== 'refund');
        const saved = rows.edits.filter((edit) => edit.user_id === person.uid).length;
        const balance = rows.customers.find((row) => row.uid === person.uid)?.credits_remaining;
        expect(granted.some((row) => row.reason === 'signup' && row.delta === SIGNUP_CREDITS)).toBe(true);
        expect(saved).toBe(person.keys.length);
        expect(balance).toBe(granted.reduce((sum, row) => sum + row.delta, 0) - saved);
        expect(balances.get(person.uid)).toBe(balance);
      }
    });

    it('grants the plan of every checkout that was confirmed, even one killed before its invoice was sent', () => {
      const confirmed = rows.checkouts.filter((checkout) => checkout.status === 'complete');
      expect(confirmed.length).toBeGreaterThan(0);
      for (const { uid } of confirmed) {
        expect(rows.ledger.some((row) => row.uid === uid && row.reason === 'subscription' && row.delta > 0)).toBe(true);
      }
    });

    it('has the file of every saved image: staged photos, their inputs, and every listing photo', () => {
      const urls = [
        ...rows.edits.flatMap((edit) => [edit.input_image_url, edit.output_image_url]),
        ...rows.items.flatMap((item) => [...item.images, ...item.thumbs]),
      ];
      expect(rows.items.length).toBeGreaterThan(0);
      // Edits record blob paths, listings their public URLs.
      const missing = urls.filter((stored) => {
        const path = URL.canParse(stored) ? new URL(stored).pathname.replace(/^\/blobs\//, '') : stored;
        return !existsSync(join(world.dataDir, 'blobs', 'files', ...path.split('/')));
      });
      expect(missing).toEqual([]);
    });

    it('keeps no staging file that no saved image names: what a killed staging stored went with its refund', () => {
      const root = join(world.dataDir, 'blobs', 'files');
      const named = new Set(rows.edits.flatMap((edit) => [edit.input_image_url, edit.output_image_url]));
      const files = readdirSync(join(root, 'image-edits'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((path) => !named.has(path))).toEqual([]);
    });
  });
});
