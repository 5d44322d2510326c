/**
 * The staging tests' shared set-up: one test app per file whose fake stager starts each test
 * working, accounts with a given balance or plan, and the staging request they send.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

export let t: TestApp;
export let photo: Buffer;

/** Registers the app's start and close, and the stager's reset before each test, in the calling file. */
export function useStageApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
    photo = await jpegBytes();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.stager.failWith = null;
    t.stager.delayMs = 0;
  });
}

export async function accountWith(credits: number): Promise<TestUser> {
  const user = await signUpWithAccount(t.app);
  if (credits !== 10)
    await t.store.applyCredit({ uid: user.uid, delta: credits - 10, reason: 'stage', ref: 'test-setup' }, CREDIT_RULES);
  return user;
}

export function stage(
  user: TestUser,
  options: { key?: string; fields?: Record<string, string>; image?: Buffer | null } = {},
) {
  const req = request(t.app).post('/api/stage').set('authorization', `Bearer ${user.idToken}`);
  if (options.key) req.set('Idempotency-Key', options.key);
  const fields = options.fields ?? { style: 'farmhouse', furnitureType: 'dresser', mode: 'auto', prompt: '' };
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (options.image !== null)
    req.attach('imageFile', options.image ?? photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
  return req;
}

export async function subscribe(user: TestUser, priceId: string) {
  const customerId = `cus_${user.uid}`;
  await t.store.setStripeCustomer(user.uid, customerId);
  await t.store.processStripeEvent(
    {
      eventId: `evt_${user.uid}`,
      type: 'customer.subscription.created',
      effect: {
        kind: 'sync-subscription',
        stripeCustomerId: customerId,
        subscriptionId: `sub_${user.uid}`,
        status: 'active',
        priceId,
        stateAt: Date.now(),
        heldBefore: null,
        trialGrant: null,
      },
    },
    CREDIT_RULES,
  );
}

export const balance = async (uid: string) => (await t.store.getAccount(uid))?.customer.creditsRemaining;
/** A signed URL without its signature: the same file, whenever the URL was signed. */
export const unsigned = (url: string) => url.split('?')[0];
export const SIGNED = String.raw`\?expires=\d+&signature=[\w-]+$`;
