/**
 * GET /api/stage/progress against the real staging service on PGlite: the phases a stager reports
 * are recorded by (account, Idempotency-Key) and read back by the caller only.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, stageProgressSchema, type StageProgress } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { StagingError, type StageInput } from '../../src/ports/stager.js';

let t: TestApp;
let photo: Buffer;
let seller: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  photo = await jpegBytes();
  [seller, other] = await Promise.all([signUpWithAccount(t.app), signUpWithAccount(t.app)]);
});
afterAll(() => t.close());

/** Sent at once (supertest sends on then), answered when the test awaits it. */
function stage(key: string): Promise<request.Response> {
  const req = request(t.app)
    .post('/api/stage')
    .set('authorization', `Bearer ${seller.idToken}`)
    .set('Idempotency-Key', key)
    .field('style', 'modern')
    .field('furnitureType', 'dresser')
    .field('mode', 'auto')
    .field('prompt', '')
    .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
  return Promise.resolve(req);
}

function progress(key: string, who: TestUser | null = seller) {
  const req = request(t.app).get('/api/stage/progress').query({ key });
  if (who) req.set('authorization', `Bearer ${who.idToken}`);
  return req;
}

/**
 * The fake stager, made to report one phase and then wait until released, so the test can ask
 * while the staging is under way.
 */
function stagerHeldAt(phase: StageProgress, outcome: 'succeed' | 'fail' = 'succeed') {
  const original = t.stager.stage;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  t.stager.stage = async (input: StageInput) => {
    input.onProgress?.(phase);
    await released;
    if (outcome === 'fail') throw new StagingError('provider-unavailable', 'down');
    return original(input);
  };
  return {
    release() {
      release();
      t.stager.stage = original;
    },
  };
}

async function untilPhase(key: string, phase: StageProgress['phase']) {
  await expect.poll(async () => (await progress(key)).body?.phase, { timeout: 5000, interval: 20 }).toBe(phase);
}

describe('GET /api/stage/progress', () => {
  it('answers the phase the stager is in, for the caller’s own key, counting saving as one more step', async () => {
    const held = stagerHeldAt({ phase: 'segment', step: 2, steps: 6 });
    const staging = stage('progress-own');
    await untilPhase('progress-own', 'segment');
    const response = await progress('progress-own');
    expect(response.status).toBe(200);
    expect(stageProgressSchema.parse(response.body)).toEqual({ phase: 'segment', step: 2, steps: 7 });
    held.release();
    expect((await staging).status).toBe(200);
  });

  it('says done, every step finished, once the staging completed', async () => {
    const held = stagerHeldAt({ phase: 'encode', step: 5, steps: 6 });
    const staging = stage('progress-done');
    await untilPhase('progress-done', 'encode');
    held.release();
    await staging;
    expect((await progress('progress-done')).body).toEqual({ phase: 'done', step: 7, steps: 7 });
  });

  it('is not found for another account’s key, even while it stages', async () => {
    const held = stagerHeldAt({ phase: 'decode', step: 0, steps: 6 });
    const staging = stage('progress-not-yours');
    await untilPhase('progress-not-yours', 'decode');
    const response = await progress('progress-not-yours', other);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { message: MESSAGES.notFound } });
    held.release();
    await staging;
  });

  it('is not found for a staging that failed: its credit came back and its key starts over', async () => {
    const held = stagerHeldAt({ phase: 'decode', step: 0, steps: 6 }, 'fail');
    const staging = stage('progress-failed');
    await untilPhase('progress-failed', 'decode');
    held.release();
    expect((await staging).status).toBe(503);
    expect((await progress('progress-failed')).status).toBe(404);
  });

  it('is not found for a key never sent', async () => {
    expect((await progress('never-sent')).status).toBe(404);
  });

  it('asks a signed-out caller to sign in', async () => {
    const response = await progress('progress-own', null);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('refuses a key longer than an Idempotency-Key may be with 400', async () => {
    const response = await progress('k'.repeat(201));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.idempotencyKeyInvalid } });
  });

  it('answers fresh on every poll, never from a cache', async () => {
    expect((await progress('never-sent')).headers['cache-control']).toBeUndefined();
    const held = stagerHeldAt({ phase: 'decode', step: 0, steps: 6 });
    const staging = stage('progress-no-store');
    await untilPhase('progress-no-store', 'decode');
    expect((await progress('progress-no-store')).headers['cache-control']).toBe('no-store');
    held.release();
    await staging;
  });
});
