/**
 * The bad-input catalogue (issue 12), sign-in and the account: a missing or forged sign-in on
 * every protected route, a profile or an image-edits cursor the API cannot read. Each is answered
 * with a 4xx and its exact message, and nothing is stored or charged after it (badInputSetup.ts).
 */
import request from 'supertest';
import { describe, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import {
  t,
  NUL,
  cursorOf,
  A_UUID,
  getItems,
  imageEdits,
  patchAccount,
  postJson,
  refusedLeavingAllAsItWas,
  type ApiCase,
  useBadInputApp,
} from './badInputSetup.js';

useBadInputApp();

const CASES: ApiCase[] = [
  // auth, on every protected route
  {
    name: 'account without a token',
    send: () => request(t.app).post('/api/account'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'account with a garbage token',
    send: () => request(t.app).post('/api/account').set('authorization', 'Bearer x.y.z'),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'account with a Basic header',
    send: () => request(t.app).get('/api/account').set('authorization', 'Basic YTpi'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'account with a 12 kB token',
    send: () =>
      request(t.app)
        .get('/api/account')
        .set('authorization', `Bearer ${'a'.repeat(12_000)}`),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'account with a token of another project',
    send: () =>
      request(t.app)
        .get('/api/account')
        .set('authorization', `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'profile patch without a token',
    send: () => request(t.app).patch('/api/account').send({ name: 'x' }),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'image edits without a token',
    send: () => request(t.app).get('/api/image-edits'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'stage without a token',
    send: () => request(t.app).post('/api/stage').field('style', 'modern'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'create item without a token',
    send: () => request(t.app).post('/api/marketplace-create-item').field('title', 'x'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'update item without a token',
    send: () => request(t.app).put(`/api/marketplace-update-item?id=${A_UUID}`).field('title', 'x'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'browse with a bad token',
    send: () => getItems('').set('authorization', 'Bearer nope'),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'checkout without a token',
    send: () => postJson('/api/stripe-create-checkout-session', '{}', null),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'portal without a token',
    send: () => postJson('/api/stripe-create-billing-session', '{}', null),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  { name: 'an unknown API path', send: () => request(t.app).get('/api/%00'), status: 404, message: MESSAGES.notFound },

  // account: names and avatars are the profile catalogue's (accountProfileValues.test.ts); a lone
  // surrogate cannot even reach Firestore, so only the API meets it
  {
    name: 'name with a lone surrogate',
    send: () => patchAccount('{"name":"Eve\\ud800"}'),
    status: 400,
    message: MESSAGES.nameInvisibleCharacters,
  },
  { name: 'malformed JSON profile', send: () => patchAccount('{"name":'), status: 400, message: MESSAGES.invalidJson },
  { name: 'JSON string as the profile', send: () => patchAccount('"Eve"'), status: 400, message: MESSAGES.invalidJson },
  {
    name: 'JSON array as the profile',
    send: () => patchAccount('[{"name":"Eve"}]'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'profile over 16 kB',
    send: () => patchAccount({ name: 'x'.repeat(20_000) }),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  {
    name: 'image edits cursor of garbage',
    send: () => imageEdits('?cursor=garbage!'),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor dated "1"',
    send: () => imageEdits(`?cursor=${cursorOf(['1', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor in the year 275760',
    send: () => imageEdits(`?cursor=${cursorOf(['+275760-09-13T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor with a NUL id',
    send: () => imageEdits(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', `a${NUL}`])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor sent twice',
    send: () => imageEdits('?cursor=a&cursor=b'),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor of 600 characters',
    send: () => imageEdits(`?cursor=${'A'.repeat(600)}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
];

describe('bad input to the API', () => {
  it.each(CASES)('$name → $status', refusedLeavingAllAsItWas);
});
