import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, MESSAGES } from '@flipstage/core';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { changeTestUserPassword, refreshTestUserToken, signUpTestUser } from '../helpers/emulatorUsers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    const response = await request(t.app).post('/api/account');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('answers 401 with a bad token', async () => {
    const response = await request(t.app).post('/api/account').set('authorization', 'Bearer not-a-token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidToken } });
  });

  it('keeps a session working across a password change and refuses the tokens from before it', async () => {
    const before = await signUpTestUser();
    const account = (idToken: string) => request(t.app).post('/api/account').set('authorization', `Bearer ${idToken}`);
    expect((await account(before.idToken)).status).toBe(200);
    // Revocation counts whole seconds: a token from the same second as the change still holds.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const after = await changeTestUserPassword(before, 'a-brand-new-password');
    expect((await account(after.idToken)).status).toBe(200);
    const refreshed = await refreshTestUserToken(after);
    expect((await account(refreshed.idToken)).status).toBe(200);
    const stale = await account(before.idToken);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: { message: MESSAGES.invalidToken } });
  });

  it('gives every response a request id', async () => {
    const response = await request(t.app).get('/api/marketplace-get-items');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await request(t.app).get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { message: MESSAGES.notFound } });
  });
});

describe('POST /api/account', () => {
  it('creates the account with the 10 sign-up credits and returns the merged user', async () => {
    const user = await signUpTestUser('Dana Flipper');
    const response = await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      uid: user.uid,
      email: user.email,
      name: 'Dana Flipper',
      avatar: DEFAULT_AVATAR_URL,
      providers: ['password'],
      planId: null,
      creditsRemaining: 10,
      stripeCustomerId: null,
      stripeSubscriptionStatus: null,
      planIsActive: false,
      isFreeTrial: true,
      hdAllowed: false,
      marketplacesAllowed: false,
      signupCreditsPending: false,
    });
  });

  it('grants the sign-up credits only once however often it is called', async () => {
    const user = await signUpTestUser();
    const auth = `Bearer ${user.idToken}`;
    await Promise.all([1, 2, 3].map(() => request(t.app).post('/api/account').set('authorization', auth)));
    const again = await request(t.app).post('/api/account').set('authorization', auth);
    expect(again.body.creditsRemaining).toBe(10);
    expect(await t.store.listLedger(user.uid)).toHaveLength(1);
  });
});

describe('GET /api/account', () => {
  it('answers 404 before the account exists', async () => {
    const user = await signUpTestUser();
    const response = await request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(404);
  });

  it('returns the merged user after creation', async () => {
    const user = await signUpTestUser();
    await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    const response = await request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ uid: user.uid, creditsRemaining: 10 });
  });
});

describe('PATCH /api/account', () => {
  it('changes name and avatar only', async () => {
    const user = await signUpTestUser();
    const auth = `Bearer ${user.idToken}`;
    await request(t.app).post('/api/account').set('authorization', auth);
    const response = await request(t.app).patch('/api/account').set('authorization', auth).send({
      name: 'New Name',
      avatar: 'https://avatars.githubusercontent.com/u/583231?v=4',
      creditsRemaining: 999,
      email: 'evil@example.com',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'New Name',
      avatar: 'https://avatars.githubusercontent.com/u/583231?v=4',
      creditsRemaining: 10,
      email: user.email,
    });
  });

  it('rejects a blank name with the spec message', async () => {
    const user = await signUpTestUser();
    const auth = `Bearer ${user.idToken}`;
    await request(t.app).post('/api/account').set('authorization', auth);
    const response = await request(t.app).patch('/api/account').set('authorization', auth).send({ name: '  ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.nameRequired } });
  });

  it('rejects malformed JSON with 400', async () => {
    const user = await signUpTestUser();
    const response = await request(t.app)
      .patch('/api/account')
      .set('authorization', `Bearer ${user.idToken}`)
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidJson } });
  });
});
