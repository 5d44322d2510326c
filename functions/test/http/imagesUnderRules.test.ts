/**
 * Images under rules (issue 23, item 5), through the API on local mode's parts: staged images are
 * private and handed to their owner as URLs signed for an hour at each read, their records keep
 * paths only, and a listing's replaced photos leave storage.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STAGED_FROM_FIELD } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes, pngBytes } from '../helpers/images.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  photo = await jpegBytes();
});
afterAll(() => t.close());

const newUser = (): Promise<TestUser> => signUpWithAccount(t.app);

const stage = (user: TestUser) =>
  request(t.app)
    .post('/api/stage')
    .set('authorization', `Bearer ${user.idToken}`)
    .field('style', 'farmhouse')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });

const imageEdits = (user: TestUser) =>
  request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`);

function listing(method: 'post' | 'put', user: TestUser, images: Buffer[], fields: Record<string, string> = {}, id?: string) {
  const path = method === 'post' ? '/api/marketplace-create-item' : `/api/marketplace-update-item?id=${id}`;
  const req = request(t.app)[method](path).set('authorization', `Bearer ${user.idToken}`);
  for (const [name, value] of Object.entries({ title: 'Oak chair', description: 'Solid oak.', price: '40', ...fields })) req.field(name, value);
  images.forEach((image, i) => req.attach('images', image, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

const pathOf = (url: string) => new URL(url).pathname.replace(/^\/blobs\//, '');
const expiresOf = (url: string) => Number(new URL(url).searchParams.get('expires'));

describe('staged images', () => {
  it('are handed out as URLs that expire an hour after the stage answer', async () => {
    const user = await newUser();
    const response = await stage(user);
    const inAnHour = Date.now() / 1000 + 3600;
    for (const url of [response.body.inputUrl, response.body.outputUrl]) {
      expect(new URL(url).searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
      expect(Math.abs(expiresOf(url) - inAnHour)).toBeLessThan(60);
    }
  });

  it('are recorded by path, so no URL outlives its hour in the database', async () => {
    const user = await newUser();
    const response = await stage(user);
    const [edit] = (await t.store.listImageEdits(user.uid, null, 1)).data;
    expect(edit).toMatchObject({
      input_image_url: `image-edits/${user.uid}/${response.body.editId}/input.jpg`,
      output_image_url: `image-edits/${user.uid}/${response.body.editId}/staged.jpg`,
    });
  });

  it('are signed afresh for their owner at each read of the image edits', async () => {
    const user = await newUser();
    const staged = await stage(user);
    const [edit] = (await imageEdits(user)).body.data;
    expect(pathOf(edit.output_image_url)).toBe(pathOf(staged.body.outputUrl));
    expect(expiresOf(edit.output_image_url)).toBeGreaterThanOrEqual(expiresOf(staged.body.outputUrl));
  });

  it('recorded by URL before paths were kept are signed by the path their URL names', async () => {
    const user = await newUser();
    const [key, attemptId, editId] = [randomUUID(), randomUUID(), randomUUID()];
    await t.store.beginStage({ uid: user.uid, key, attemptId, staleBefore: 0 }, CREDIT_RULES);
    const legacy = (name: string) => `http://127.0.0.1:5999/blobs/image-edits/${user.uid}/${editId}/${name}`;
    await t.store.completeStage(
      {
        uid: user.uid,
        key,
        attemptId,
        edit: {
          id: editId,
          user_id: user.uid,
          input_image_url: legacy('input.jpg'),
          output_image_url: legacy('staged.jpg'),
          background_style: 'a room',
          style: null,
          furniture_type: null,
          created_at: new Date().toISOString(),
        },
      },
      CREDIT_RULES,
    );
    const [edit] = (await imageEdits(user)).body.data;
    expect(edit.output_image_url).toMatch(new RegExp(`^${legacy('staged.jpg')}\\?expires=\\d+&signature=`));
  });

  it('mark a listing AI-staged through a signed URL of the seller’s own result', async () => {
    const user = await newUser();
    const staged = await stage(user);
    const created = await listing('post', user, [photo], { [ITEM_STAGED_FROM_FIELD]: staged.body.outputUrl });
    expect(created.body.aiStaged).toBe(true);
  });

  it('do not mark another seller’s listing AI-staged', async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const staged = await stage(owner);
    const created = await listing('post', other, [photo], { [ITEM_STAGED_FROM_FIELD]: staged.body.outputUrl });
    expect(created.body.aiStaged).toBe(false);
  });
});

describe('listing photos', () => {
  it('have permanent public URLs with no signature', async () => {
    const created = await listing('post', await newUser(), [photo]);
    for (const url of [...created.body.images, ...created.body.thumbs]) {
      expect(new URL(url).search).toBe('');
      expect(pathOf(url)).toMatch(new RegExp(`^items/${created.body.id}/`));
    }
  });

  it('replaced by an update are deleted from storage, thumbnails too', async () => {
    const user = await newUser();
    const created = await listing('post', user, [photo, await pngBytes()]);
    const updated = await listing('put', user, [await pngBytes()], {}, created.body.id);
    expect(updated.status).toBe(200);
    for (const url of [...created.body.images, ...created.body.thumbs]) expect(await t.blobs.get(pathOf(url))).toBeNull();
    for (const url of [...updated.body.images, ...updated.body.thumbs]) expect(await t.blobs.get(pathOf(url))).not.toBeNull();
  });

  it('stay in storage when an update sends no photos', async () => {
    const user = await newUser();
    const created = await listing('post', user, [photo]);
    await listing('put', user, [], { title: 'Oak chair, restored' }, created.body.id);
    for (const url of [...created.body.images, ...created.body.thumbs]) expect(await t.blobs.get(pathOf(url))).not.toBeNull();
  });

  it('stay in storage when someone else’s update is refused', async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const created = await listing('post', owner, [photo]);
    expect((await listing('put', other, [await pngBytes()], {}, created.body.id)).status).toBe(403);
    expect(await t.blobs.get(pathOf(created.body.images[0]))).not.toBeNull();
  });
});
