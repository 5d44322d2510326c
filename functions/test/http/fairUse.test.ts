import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createTestApp, signUpWithAccount, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { makeItemDoc } from '../contracts/storeContract.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({
    fairUseRules: {
      staging: { burst: 2, perMinute: 1 },
      listingWrites: { burst: 1, perMinute: 1 },
      messages: { burst: 1, perMinute: 1 },
      perAddress: null,
      trialsPerAddressPerDay: null,
      uploadSlots: 1,
      uploadWaitMs: 300,
    },
  });
  photo = await jpegBytes();
});
afterAll(() => t.close());

async function account(credits = 10): Promise<TestUser> {
  const user = await signUpWithAccount(t.app);
  if (credits !== 10)
    await t.store.applyCredit({ uid: user.uid, delta: credits - 10, reason: 'stage', ref: 'test-setup' }, CREDIT_RULES);
  return user;
}

const stage = (user: TestUser) =>
  request(t.app)
    .post('/api/stage')
    .set('authorization', `Bearer ${user.idToken}`)
    .field('style', 'modern')
    .field('furnitureType', 'dresser')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });

const balance = async (uid: string) => (await t.store.getAccount(uid))?.customer.creditsRemaining;

describe('fair use of listing writes', () => {
  it('answers 429 with Retry-After once a seller goes past the burst of listing writes, and stores nothing for it', async () => {
    const seller = await account();
    const list = () =>
      request(t.app)
        .post('/api/marketplace-create-item')
        .set('authorization', `Bearer ${seller.idToken}`)
        .field('title', 'Oak dresser')
        .field('description', 'Six drawers.')
        .field('price', '120')
        .field('state', 'active');
    expect((await list()).status).toBe(201);
    const second = await list();
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: { message: MESSAGES.tooManyRequests } });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const mine = await request(t.app)
      .get('/api/marketplace-get-items?search=&tag=')
      .set('authorization', `Bearer ${seller.idToken}`);
    expect(mine.body.data.filter((item: { owner: string }) => item.owner === seller.uid)).toHaveLength(1);
  });
});

describe('fair use of messages', () => {
  it('answers 429 with Retry-After once a user goes past the burst of messages, and stores nothing for it', async () => {
    const [seller, buyer] = await Promise.all([account(), account()]);
    const item = await t.store.createItem(makeItemDoc({ owner: seller.uid }));
    const write = () =>
      request(t.app)
        .post('/api/conversations')
        .set('authorization', `Bearer ${buyer.idToken}`)
        .send({ itemId: item.id, text: 'Is it still available?' });
    const first = await write();
    expect(first.status).toBe(201);
    const second = await write();
    expect(second.status).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.store.listMessages(first.body.id, { before: null, limit: 10 })).toHaveLength(1);
  });
});

describe('fair use of staging', () => {
  it('answers 429 with Retry-After once a user goes past the burst, and charges nothing for it', async () => {
    const user = await account();
    expect((await stage(user)).status).toBe(200);
    expect((await stage(user)).status).toBe(200);
    const third = await stage(user);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: { message: MESSAGES.tooManyRequests } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balance(user.uid)).toBe(8);
  });

  it('refuses a user without credits before receiving the upload, with 402', async () => {
    const user = await account(0);
    const calls = t.stager.calls.length;
    const response = await stage(user);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: { message: MESSAGES.needCredits } });
    expect(t.stager.calls.length).toBe(calls);
  });

  it('answers 503 busy with Retry-After when every upload slot stays taken, and charges nothing', async () => {
    const [first, second] = [await account(), await account()];
    t.stager.delayMs = 1_000;
    try {
      const [a, b] = await Promise.all([
        stage(first),
        new Promise((r) => setTimeout(r, 100)).then(() => stage(second)),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(503);
      expect(b.body).toEqual({ error: { message: MESSAGES.serverBusy } });
      expect(b.headers['retry-after']).toBe('5');
      expect(await balance(second.uid)).toBe(10);
    } finally {
      t.stager.delayMs = 0;
    }
  });
});
