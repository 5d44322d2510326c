/**
 * Issue 23: in Firebase mode a new email alone earns nothing; the 10 sign-up credits come once the
 * email is verified, or at once for a sign-in with a social provider. Local mode grants them at
 * sign-up (account.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, LOCAL_PRICE_IDS, LOCAL_PROJECT_ID, MESSAGES } from '@flipstage/core';
import { createTestApp, limitedUseTestToken, type TestApp } from '../helpers/testApp.js';
import {
  signInTestUserWithEmailLink,
  signInTestUserWithProvider,
  signUpTestUser,
  verifyTestUserEmail,
  type TestUser,
} from '../helpers/emulatorUsers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { signupCreditsNeedVerifiedEmail: true } });
});
afterAll(() => t.close());

const postAccount = (user: TestUser) =>
  request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
const getAccount = (user: TestUser) =>
  request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);
const signupEntries = async (uid: string) => (await t.store.listLedger(uid)).filter((e) => e.ref === 'signup');

describe('sign-up credits in Firebase mode', () => {
  it('creates a password account with no credits and says they wait for a verified email', async () => {
    const user = await signUpTestUser();
    const response = await postAccount(user);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ uid: user.uid, creditsRemaining: 0, signupCreditsPending: true });
    expect(await t.store.listLedger(user.uid)).toEqual([]);
  });

  it('grants the 10 credits on the first account read after the email is verified', async () => {
    const user = await signUpTestUser();
    await postAccount(user);
    const verified = await verifyTestUserEmail(user);
    const response = await getAccount(verified);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ creditsRemaining: 10, signupCreditsPending: false });
    expect(await signupEntries(user.uid)).toHaveLength(1);
  });

  it('grants them once however many account calls follow the verification, at once or later', async () => {
    const user = await verifyTestUserEmail(await signUpTestUser());
    await Promise.all([postAccount(user), postAccount(user), getAccount(user)]);
    const again = await getAccount(user);
    expect(again.body.creditsRemaining).toBe(10);
    expect(await signupEntries(user.uid)).toHaveLength(1);
  });

  it('grants nothing to the token from before the verification', async () => {
    const user = await signUpTestUser();
    await postAccount(user);
    await verifyTestUserEmail(user);
    const response = await getAccount(user);
    expect(response.body).toMatchObject({ creditsRemaining: 0, signupCreditsPending: true });
  });

  it.each(['google.com', 'github.com'])('grants the credits at the first sign-in with %s', async (provider) => {
    const user = await signInTestUserWithProvider(provider);
    const response = await postAccount(user);
    expect(response.body).toMatchObject({ creditsRemaining: 10, signupCreditsPending: false });
  });

  it('grants the credits at the first sign-in with an email link, which proves the email', async () => {
    const user = await signInTestUserWithEmailLink();
    const response = await postAccount(user);
    expect(response.body).toMatchObject({ creditsRemaining: 10, signupCreditsPending: false });
  });

  it('grants nothing when an unverified account goes straight to checkout', async () => {
    const user = await signUpTestUser();
    const session = await request(t.app)
      .post('/api/stripe-create-checkout-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .set('origin', 'http://127.0.0.1:5173')
      .send({ priceId: LOCAL_PRICE_IDS.base, successUrl: '/dashboard?paid=true', cancelUrl: '/pricing' });
    expect(session.status).toBe(200);
    expect((await t.store.getAccount(user.uid))?.customer.creditsRemaining).toBe(0);
    expect(await signupEntries(user.uid)).toEqual([]);
  });
});

describe('sign-up credits with App Check enforced', () => {
  let enforced: TestApp;
  beforeAll(async () => {
    enforced = await createTestApp({ config: { signupCreditsNeedVerifiedEmail: true, appCheck: 'enforce' } });
  });
  afterAll(() => enforced.close());

  const account = (user: TestUser) =>
    request(enforced.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);

  it('grants nothing to a verified account that asks without an App Check token, as a script would', async () => {
    const user = await verifyTestUserEmail(await signUpTestUser());
    await request(enforced.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    const response = await account(user);
    expect(response.body).toMatchObject({ creditsRemaining: 0, signupCreditsPending: true });
  });

  it('grants nothing to a call that replays the limited-use token of an earlier account call', async () => {
    const token = limitedUseTestToken();
    const first = await verifyTestUserEmail(await signUpTestUser());
    const second = await verifyTestUserEmail(await signUpTestUser());
    const create = (user: TestUser) =>
      request(enforced.app)
        .post('/api/account')
        .set('authorization', `Bearer ${user.idToken}`)
        .set(APP_CHECK_HEADER, token);
    expect((await create(first)).body.creditsRemaining).toBe(10);
    const replayed = await create(second);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ error: { message: MESSAGES.appCheckInvalid } });
    expect(await signupEntries(second.uid)).toEqual([]);
  });

  it('grants the credits once the same account asks from the app', async () => {
    const user = await verifyTestUserEmail(await signUpTestUser());
    await request(enforced.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    const response = await account(user).set(APP_CHECK_HEADER, limitedUseTestToken());
    expect(response.body).toMatchObject({ creditsRemaining: 10, signupCreditsPending: false });
  });
});

describe('sign-up credits once per person', () => {
  const adminAuth = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `signup-person-${randomUUID()}`));

  it('come once to one Gmail inbox, whatever dots and +tags its verified addresses carry', async () => {
    const inbox = `jo${randomUUID().slice(0, 8)}`;
    const first = await verifyTestUserEmail(await signUpTestUser(undefined, `${inbox}+1@gmail.com`));
    const second = await verifyTestUserEmail(
      await signUpTestUser(undefined, `${inbox.slice(0, 2)}.${inbox.slice(2)}+2@gmail.com`),
    );
    expect((await postAccount(first)).body.creditsRemaining).toBe(10);
    const again = await postAccount(second);
    expect(again.body).toMatchObject({ creditsRemaining: 0, signupCreditsPending: false });
    expect(await signupEntries(second.uid)).toEqual([]);
  });

  it('come once to a Google account, even after it deletes its Firebase user and signs in again', async () => {
    const sub = randomUUID();
    const first = await signInTestUserWithProvider('google.com', sub);
    expect((await postAccount(first)).body.creditsRemaining).toBe(10);
    await adminAuth.deleteUser(first.uid);
    const returning = await signInTestUserWithProvider('google.com', sub);
    expect(returning.uid).not.toBe(first.uid);
    expect((await postAccount(returning)).body).toMatchObject({ creditsRemaining: 0, signupCreditsPending: false });
  });
});
