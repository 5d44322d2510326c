/**
 * Issue 23: fair use also counts per client address (X-Forwarded-For's right end behind Google's
 * front end), so fresh accounts from one address meet one limit. Small limits stand in for
 * FAIR_USE's; the per-user limits are lifted so only the address's count.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({
    config: { clientAddress: 'forwarded' },
    fairUseRules: {
      ...WITHOUT_RATE_LIMITS,
      perAddress: {
        staging: { burst: 2, perMinute: 1 },
        listingWrites: { burst: 1, perMinute: 1 },
        newAccounts: { burst: 2, perMinute: 1 / 60 },
      },
    },
  });
  photo = await jpegBytes();
});
afterAll(() => t.close());

/** Each test its own address, as Google's front end forwards it (client first, then its own hop). */
let lastOctet = 0;
const nextAddress = () => `198.51.100.${++lastOctet}`;
const forwardedFor = (address: string) => `${address}, 35.191.0.1`;

async function accountFrom(address: string): Promise<TestUser> {
  const user = await signUpTestUser();
  const created = await request(t.app)
    .post('/api/account')
    .set('authorization', `Bearer ${user.idToken}`)
    .set('x-forwarded-for', forwardedFor(address));
  expect(created.status).toBe(200);
  return user;
}

const stageFrom = (user: TestUser, address: string) =>
  request(t.app)
    .post('/api/stage')
    .set('authorization', `Bearer ${user.idToken}`)
    .set('x-forwarded-for', forwardedFor(address))
    .field('style', 'modern')
    .field('furnitureType', 'dresser')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });

const listFrom = (user: TestUser, address: string) =>
  request(t.app)
    .post('/api/marketplace-create-item')
    .set('authorization', `Bearer ${user.idToken}`)
    .set('x-forwarded-for', forwardedFor(address))
    .field('title', 'Oak dresser')
    .field('description', 'Six drawers.')
    .field('price', '120')
    .field('state', 'active');

const balance = async (uid: string) => (await t.store.getAccount(uid))?.customer.creditsRemaining;

describe('staging counted per address', () => {
  it('refuses a staging from any account on an address that has used its burst, charging nothing', async () => {
    const address = nextAddress();
    const [a, b] = [await accountFrom(address), await accountFrom(address)];
    expect((await stageFrom(a, address)).status).toBe(200);
    expect((await stageFrom(b, address)).status).toBe(200);
    const refused = await stageFrom(a, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { message: MESSAGES.tooManyRequests } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balance(a.uid)).toBe(9);
  });

  it('keeps another address to its own count', async () => {
    const address = nextAddress();
    const user = await accountFrom(address);
    expect((await stageFrom(user, address)).status).toBe(200);
    expect((await stageFrom(user, address)).status).toBe(200);
    expect((await stageFrom(user, nextAddress())).status).toBe(200);
  });
});

describe('listing writes counted per address', () => {
  it('refuses a second seller on the same address past the burst with 429 and Retry-After', async () => {
    const address = nextAddress();
    const [a, b] = [await accountFrom(address), await accountFrom(nextAddress())];
    expect((await listFrom(a, address)).status).toBe(201);
    const refused = await listFrom(b, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { message: MESSAGES.tooManyRequests } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('new accounts counted per address', () => {
  it('refuses a new account past the burst with 429, the message and Retry-After, and creates nothing', async () => {
    const address = nextAddress();
    await accountFrom(address);
    await accountFrom(address);
    const third = await signUpTestUser();
    const refused = await request(t.app)
      .post('/api/account')
      .set('authorization', `Bearer ${third.idToken}`)
      .set('x-forwarded-for', forwardedFor(address));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { message: MESSAGES.tooManyNewAccounts } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(await t.store.getAccount(third.uid)).toBeNull();
  });

  it('does not count signing in again to an account that exists', async () => {
    const address = nextAddress();
    const user = await accountFrom(address);
    await accountFrom(address);
    const again = await request(t.app)
      .post('/api/account')
      .set('authorization', `Bearer ${user.idToken}`)
      .set('x-forwarded-for', forwardedFor(address));
    expect(again.status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    await accountFrom('2001:db8:7:1::a');
    await accountFrom('2001:db8:7:1:ffff::b');
    const third = await signUpTestUser();
    const refused = await request(t.app)
      .post('/api/account')
      .set('authorization', `Bearer ${third.idToken}`)
      .set('x-forwarded-for', forwardedFor('2001:0db8:0007:0001:0:0:0:c'));
    expect(refused.status).toBe(429);
  });
});
