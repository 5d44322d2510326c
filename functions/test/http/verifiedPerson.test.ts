/**
 * Issue 40: what reaches other people needs a verified person. A visitor's anonymous session or an
 * address nobody confirmed cannot start a conversation (whose replies FlipStage mails), make an
 * offer or put up a listing; local mode counts a signed-up account as verified.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, verifyTestUserEmail, type TestUser } from '../helpers/emulatorUsers.js';
import { signInTestVisitor } from '../helpers/visitors.js';
import { jpegBytes } from '../helpers/images.js';

let firebaseLike: TestApp;
let local: TestApp;
let photo: Buffer;
beforeAll(async () => {
  firebaseLike = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS, config: { verifiedEmailRequired: true } });
  local = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  photo = await jpegBytes(400, 300);
});
afterAll(async () => {
  await firebaseLike.close();
  await local.close();
});

const as = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

async function account(t: TestApp, user: TestUser): Promise<TestUser> {
  await request(t.app).post('/api/account').set(as(user)).expect(200);
  return user;
}

function createListing(t: TestApp, user: TestUser) {
  return request(t.app)
    .post('/api/marketplace-create-item')
    .set(as(user))
    .field('title', 'Oak dresser')
    .field('description', 'Six drawers.')
    .field('price', '120')
    .attach('images', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
}

async function listingBy(t: TestApp): Promise<string> {
  const seller = await account(t, await verifyTestUserEmail(await signUpTestUser()));
  return (await createListing(t, seller).expect(201)).body.id as string;
}

const reaching = {
  'starting a conversation': async (t: TestApp, user: TestUser) =>
    request(t.app)
      .post('/api/conversations')
      .set(as(user))
      .send({ itemId: await listingBy(t), text: 'Still available?' }),
  'making an offer': async (t: TestApp, user: TestUser) =>
    request(t.app).post('/api/conversations/offer?id=any-conversation').set(as(user)).send({ price: 90 }),
  'creating a listing': async (t: TestApp, user: TestUser) => createListing(t, user),
};

describe.each(Object.entries(reaching))('%s', (_name, send) => {
  it("is refused to a visitor's anonymous session", async () => {
    const response = await send(firebaseLike, await account(firebaseLike, await signInTestVisitor()));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.writeNeedsAccount } });
  });

  it('is refused to an address nobody confirmed', async () => {
    const response = await send(firebaseLike, await account(firebaseLike, await signUpTestUser()));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.writeNeedsVerifiedEmail } });
  });

  it('is refused to a visitor in local mode too, where a signed-up account counts as verified', async () => {
    const response = await send(local, await account(local, await signInTestVisitor()));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.writeNeedsAccount } });
  });
});

describe('a verified person', () => {
  it('starts a conversation and creates a listing', async () => {
    const buyer = await account(firebaseLike, await verifyTestUserEmail(await signUpTestUser()));
    expect((await reaching['starting a conversation'](firebaseLike, buyer)).status).toBe(201);
    expect((await createListing(firebaseLike, buyer)).status).toBe(201);
  });

  it('in local mode, signed up without confirming, does the same', async () => {
    const seller = await account(local, await signUpTestUser());
    expect((await createListing(local, seller)).status).toBe(201);
  });
});

it('leaves no listing behind when a refused address tries to create one', async () => {
  const user = await account(firebaseLike, await signUpTestUser());
  await createListing(firebaseLike, user).expect(403);
  const mine = await request(firebaseLike.app).get(`/api/marketplace-seller-items?seller=${user.uid}`).set(as(user));
  expect(mine.body.data).toEqual([]);
});
