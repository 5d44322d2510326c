/**
 * POST /api/stage with what it is sent: an iPhone HEIC is stored upright as JPEG, and a request
 * without an image, with a non-image, an overlong key or a JSON body is refused.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { t, accountWith, stage, balance, unsigned, useStageApp } from './stageSetup.js';

useStageApp();

describe('POST /api/stage', () => {
  it('takes an iPhone HEIC to the stager and stores the input as an upright JPEG a browser can show', async () => {
    const user = await accountWith(3);
    const heic = readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url));
    const response = await stage(user, { image: heic });
    expect(response.status).toBe(200);
    expect(unsigned(response.body.inputUrl)).toMatch(/\/input\.jpg$/);
    const stored = await t.blobs.get(new URL(response.body.inputUrl).pathname.replace(/^\/blobs\//, ''));
    expect(stored?.contentType).toBe('image/jpeg');
    expect(await balance(user.uid)).toBe(2);
  });

  it('answers 400 when imageFile is missing', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { image: null });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.imageFileRequired } });
  });

  it('answers 400 for a file that is not an image, whatever its declared type, without a debit', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { image: Buffer.from('<svg onload="alert(1)"></svg> just text') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.unsupportedImage } });
    expect(await balance(user.uid)).toBe(3);
  });

  it('answers 400 for an Idempotency-Key longer than 200 characters', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { key: 'k'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.idempotencyKeyInvalid } });
  });

  it('answers 400 for a JSON body instead of multipart', async () => {
    const user = await accountWith(3);
    const response = await request(t.app)
      .post('/api/stage')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ prompt: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.multipartRequired } });
  });
});
