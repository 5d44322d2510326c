/**
 * Issue 24: a signed-out visitor (an anonymous user) gets 3 free tries once, counted per network,
 * only from the app (App Check); their results are not saved as image edits until they sign up,
 * which keeps the uid, ends the trial, grants the sign-up credits and saves the held results.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, MESSAGES, SIGNUP_CREDITS, TRIAL_CREDITS } from '@flipstage/core';
import { createTestApp, limitedUseTestToken, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { linkTestVisitor, signInTestVisitor } from '../helpers/visitors.js';
import { jpegBytes } from '../helpers/images.js';

let photo: Buffer;
/** App Check enforced as in Firebase mode; free tries not counted per address (one suite below does). */
let t: TestApp;
beforeAll(async () => {
  photo = await jpegBytes();
  t = await createTestApp({
    fairUseRules: { ...WITHOUT_RATE_LIMITS, trialsPerAddressPerDay: null },
    config: { appCheck: 'enforce' },
  });
});
afterAll(() => t.close());

const fromApp = (req: request.Test, attested: boolean) =>
  attested ? req.set(APP_CHECK_HEADER, limitedUseTestToken()) : req;

const postAccount = (user: TestUser, attested = true) =>
  fromApp(request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`), attested);

function stage(user: TestUser, attested = true) {
  return fromApp(request(t.app).post('/api/stage').set('authorization', `Bearer ${user.idToken}`), attested)
    .field('style', 'farmhouse')
    .field('furnitureType', 'dresser')
    .field('mode', 'auto')
    .field('prompt', '')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
}

const imageEdits = (user: TestUser) =>
  request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`);

describe('a signed-out visitor’s free tries', () => {
  it('are 3 credits on the visitor’s account', async () => {
    const visitor = await signInTestVisitor();
    const response = await postAccount(visitor);
    expect(response.status).toBe(200);
    expect(response.body.creditsRemaining).toBe(TRIAL_CREDITS);
    expect(TRIAL_CREDITS).toBe(3);
  });

  it('are granted once however often the account is asked for', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    await Promise.all([postAccount(visitor), postAccount(visitor)]);
    expect((await postAccount(visitor)).body.creditsRemaining).toBe(TRIAL_CREDITS);
    expect((await t.store.listLedger(visitor.uid)).map((entry) => entry.ref)).toEqual(['trial']);
  });

  it('are not the sign-up credits, even where those need no verified email', async () => {
    const visitor = await signInTestVisitor();
    const response = await postAccount(visitor);
    expect(response.body.creditsRemaining).not.toBe(SIGNUP_CREDITS);
    expect(response.body.signupCreditsPending).toBe(true);
  });

  it('go to 2 visitors a day from one address; the third gets none', async () => {
    const shared = t;
    t = await createTestApp({ fairUseRules: { ...WITHOUT_RATE_LIMITS, trialsPerAddressPerDay: 2 } });
    try {
      const credits = [];
      for (let i = 0; i < 3; i++) credits.push((await postAccount(await signInTestVisitor())).body.creditsRemaining);
      expect(credits).toEqual([TRIAL_CREDITS, TRIAL_CREDITS, 0]);
    } finally {
      await t.close();
      t = shared;
    }
  });

  it('are not granted again to a visitor who writes a new address into X-Forwarded-For each time', async () => {
    const shared = t;
    t = await createTestApp({
      config: { clientAddress: 'forwarded' },
      fairUseRules: { ...WITHOUT_RATE_LIMITS, trialsPerAddressPerDay: 2 },
    });
    try {
      const credits = [];
      for (let i = 1; i <= 4; i++) {
        const forged = postAccount(await signInTestVisitor()).set('x-forwarded-for', `203.0.113.${i}, 198.51.100.66`);
        credits.push((await forged).body.creditsRemaining);
      }
      expect(credits).toEqual([TRIAL_CREDITS, TRIAL_CREDITS, 0, 0]);
    } finally {
      await t.close();
      t = shared;
    }
  });

  it('are refused to an account that has had its sign-up credits, even with its old visitor token', async () => {
    const visitor = await signInTestVisitor();
    const seller = await linkTestVisitor(visitor);
    expect((await postAccount(seller)).body.creditsRemaining).toBe(SIGNUP_CREDITS);
    const replayed = await postAccount(visitor);
    expect(replayed.status).toBe(200);
    expect(replayed.body.creditsRemaining).toBe(SIGNUP_CREDITS);
  });

  it('are not granted to a request that did not come from the app', async () => {
    const visitor = await signInTestVisitor();
    expect((await postAccount(visitor, false)).body.creditsRemaining).toBe(0);
    expect(await t.store.listLedger(visitor.uid)).toEqual([]);
  });
});

describe('a signed-out visitor staging', () => {
  it('is refused without App Check', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    const response = await stage(visitor, false);
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(MESSAGES.appCheckRequired);
  });

  it('still needs no App Check for a real account (the CLI has none)', async () => {
    const seller = await signUpTestUser();
    await postAccount(seller, false);
    expect((await stage(seller, false)).status).toBe(200);
  });

  it('costs one free try and answers the result to show', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    const response = await stage(visitor);
    expect(response.status).toBe(200);
    expect(response.body.creditsRemaining).toBe(TRIAL_CREDITS - 1);
    expect(await t.blobs.get(new URL(response.body.outputUrl).pathname.replace(/^\/blobs\//, ''))).not.toBeNull();
  });

  it('saves no image edit', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    await stage(visitor);
    expect((await imageEdits(visitor)).body.data).toEqual([]);
    expect((await t.store.listImageEdits(visitor.uid, null, 10)).data).toEqual([]);
  });
});

describe('signing up from a visitor’s session', () => {
  it('keeps the uid and grants the sign-up credits as for any account, not the tries left on top', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    await stage(visitor);
    const seller = await linkTestVisitor(visitor);
    const response = await postAccount(seller);
    expect(seller.uid).toBe(visitor.uid);
    expect(response.body.creditsRemaining).toBe(SIGNUP_CREDITS);
  });

  it('saves the results staged while signed out as the seller’s image edits', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    const staged = await stage(visitor);
    const seller = await linkTestVisitor(visitor);
    await postAccount(seller);
    const edits = (await imageEdits(seller)).body.data as Array<{ id: string }>;
    expect(edits.map((edit) => edit.id)).toEqual([staged.body.editId]);
  });

  it('ends the trial once: a later account call changes nothing', async () => {
    const visitor = await signInTestVisitor();
    await postAccount(visitor);
    const seller = await linkTestVisitor(visitor);
    await postAccount(seller);
    await postAccount(seller);
    const refs = (await t.store.listLedger(seller.uid)).map((entry) => entry.ref);
    expect(refs).toEqual(['signup', 'trial-end', 'trial']);
  });
});
