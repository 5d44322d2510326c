/**
 * POST /api/stage/preview against the real offline engine: what the studio learns about a photo
 * before a credit is spent.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, MESSAGES, stagePreviewSchema } from '@flipstage/core';
import {
  createTestApp,
  signUpWithAccount,
  TEST_APP_CHECK_TOKEN,
  WITHOUT_RATE_LIMITS,
  type TestApp,
} from '../helpers/testApp.js';
import { signUpTestUser, verifyTestUserEmail, type TestUser } from '../helpers/emulatorUsers.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

const photo = (path: string) => readFileSync(new URL(`../fixtures/classifier/${path}`, import.meta.url));

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  user = await signUpWithAccount(t.app);
});
afterAll(() => t.close());

function preview(image: Buffer | null, fields: Record<string, string> = {}, who: TestUser | null = user) {
  const req = request(t.app).post('/api/stage/preview');
  if (who) req.set('authorization', `Bearer ${who.idToken}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (image) req.attach('imageFile', image, { filename: 'photo.jpg', contentType: 'image/jpeg' });
  return req;
}

describe('POST /api/stage/preview', () => {
  it('outlines the piece in a sofa photo and suggests the sofa type', async () => {
    const response = await preview(photo('home/sofa-rf100-val_000006.jpg'));
    expect(response.status).toBe(200);
    const body = stagePreviewSchema.parse(response.body);
    expect(['ok', 'unsure']).toContain(body.verdict);
    expect(body.suggestedType).toBe('sofa');
    expect(body.outline.length).toBeGreaterThan(0);
    expect(body.outline[0]!.length).toBeGreaterThanOrEqual(3);
  });

  it('says a photo of a cat is not furniture, naming the cat', async () => {
    const response = await preview(photo('other/animal-cat-pexels-10863556.jpg'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      verdict: 'not-furniture',
      message: MESSAGES.notFurniture('a cat'),
      seen: 'a cat',
      suggestedType: null,
      outline: [],
    });
  });

  it('spends no credit, even for a user who has none left', async () => {
    const broke = await signUpTestUser();
    await request(t.app).post('/api/account').set('authorization', `Bearer ${broke.idToken}`);
    await t.store.applyCredit({ uid: broke.uid, delta: -10, reason: 'stage', ref: 'spent' }, CREDIT_RULES);
    expect((await preview(photo('home/sofa-rf100-val_000006.jpg'), {}, broke)).status).toBe(200);
    expect((await t.store.getAccount(broke.uid))?.customer.creditsRemaining).toBe(0);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await preview(photo('home/sofa-rf100-val_000006.jpg'), {}, null);
    expect(response.status).toBe(401);
  });

  it('refuses a mark outside the photo with 400', async () => {
    const response = await preview(photo('home/sofa-rf100-val_000006.jpg'), { subject: 'point:1.5,0.5' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidSubjectHint } });
  });

  it('refuses malformed brush strokes with 400', async () => {
    const response = await preview(photo('home/sofa-rf100-val_000006.jpg'), { strokes: '160x120:5+' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidBrushStrokes } });
  });

  it('outlines a photo the classifier calls a cat once the seller says it is furniture', async () => {
    const response = await preview(photo('other/animal-cat-pexels-10863556.jpg'), { confirmedFurniture: 'yes' });
    expect(response.status).toBe(200);
    expect(response.body.verdict).not.toBe('not-furniture');
  });

  it('refuses bytes that are no image with the unsupported-image message', async () => {
    const response = await preview(Buffer.from('MZ this is not a picture'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.unsupportedImage } });
  });

  it('asks for the image when none is attached', async () => {
    const response = await preview(null, { subject: '' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.imageFileRequired } });
  });
});

describe('POST /api/stage/preview as Firebase mode runs it (App Check enforced, addresses verified)', () => {
  let firebaseLike: TestApp;
  beforeAll(async () => {
    firebaseLike = await createTestApp({
      fairUseRules: WITHOUT_RATE_LIMITS,
      config: { appCheck: 'enforce', verifiedEmailRequired: true },
    });
  });
  afterAll(() => firebaseLike.close());

  const previewAs = (who: TestUser) =>
    request(firebaseLike.app)
      .post('/api/stage/preview')
      .set('authorization', `Bearer ${who.idToken}`)
      .attach('imageFile', photo('home/sofa-rf100-val_000006.jpg'), {
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
      });

  it('is refused to an unverified account that does not come from the app, as a script would', async () => {
    const response = await previewAs(await signUpTestUser());
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.appCheckRequired } });
  });

  it('answers an unverified account asking from the app', async () => {
    const response = await previewAs(await signUpTestUser()).set(APP_CHECK_HEADER, TEST_APP_CHECK_TOKEN);
    expect(response.status).toBe(200);
  });

  it('answers a verified account without App Check (the CLI has none)', async () => {
    const response = await previewAs(await verifyTestUserEmail(await signUpTestUser()));
    expect(response.status).toBe(200);
  });
});
