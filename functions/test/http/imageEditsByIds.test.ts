/** GET /api/image-edits?ids=…: the stagings linked to a piece, the caller's own, in the order asked. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PIECE_LIMITS } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  photo = await jpegBytes();
});
afterAll(() => t.close());

const newAccount = (): Promise<TestUser> => signUpWithAccount(t.app);

async function stage(user: TestUser): Promise<string> {
  const response = await request(t.app)
    .post('/api/stage')
    .set('authorization', `Bearer ${user.idToken}`)
    .field('style', 'modern')
    .field('furnitureType', 'dresser')
    .field('mode', 'auto')
    .field('prompt', '')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
  expect(response.status).toBe(200);
  return response.body.editId as string;
}

const byIds = (user: TestUser | null, ids: string) => {
  const req = request(t.app).get('/api/image-edits').query({ ids });
  return user ? req.set('authorization', `Bearer ${user.idToken}`) : req;
};

const SIGNED = /\?expires=\d+&signature=[\w-]+$/;

describe('GET /api/image-edits?ids=', () => {
  it('answers the caller’s own edits in the order asked, signed, with no next page', async () => {
    const user = await newAccount();
    const [first, second, third] = [await stage(user), await stage(user), await stage(user)];
    const response = await byIds(user, [second, third, first].join(','));
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.data.map((edit: { id: string }) => edit.id)).toEqual([second, third, first]);
    expect(response.body.data[0]).toMatchObject({
      user_id: user.uid,
      input_image_url: expect.stringMatching(SIGNED),
      output_image_url: expect.stringMatching(SIGNED),
    });
  });

  it('leaves out another user’s edit and an unknown id', async () => {
    const user = await newAccount();
    const other = await newAccount();
    const own = await stage(user);
    const theirs = await stage(other);
    const response = await byIds(user, [theirs, 'no-such-edit', own].join(','));
    expect(response.status).toBe(200);
    expect(response.body.data.map((edit: { id: string }) => edit.id)).toEqual([own]);
  });

  it(`answers 400 for more than ${PIECE_LIMITS.stagings} ids`, async () => {
    const user = await newAccount();
    const ids = Array.from({ length: PIECE_LIMITS.stagings + 1 }, (_, i) => `e${i}`).join(',');
    const response = await byIds(user, ids);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.imageEditIdsInvalid(PIECE_LIMITS.stagings) } });
  });

  it.each([
    ['an empty list', ''],
    ['an empty id between commas', 'e1,,e2'],
    ['an id with a slash', 'e1,../e2'],
    ['an id over 64 characters', 'e'.repeat(PIECE_LIMITS.id + 1)],
  ])('answers 400 for %s', async (_name, ids) => {
    const user = await newAccount();
    const response = await byIds(user, ids);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.imageEditIdsInvalid(PIECE_LIMITS.stagings) } });
  });

  it('answers 400 for ids beside a cursor', async () => {
    const user = await newAccount();
    const response = await request(t.app)
      .get('/api/image-edits')
      .query({ ids: 'e1', cursor: 'abc' })
      .set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.idsWithCursor } });
  });

  it('answers 401 when signed out', async () => {
    const response = await byIds(null, 'e1');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.signInRequired } });
  });
});
