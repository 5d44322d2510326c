/**
 * POST /api/stage when staging fails: the credit comes back, and the seller is told why in a
 * message of the spec.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { unavailable } from '../helpers/fakeStager.js';
import { StagingError } from '../../src/ports/stager.js';
import { t, accountWith, stage, balance, useStageApp } from './stageSetup.js';

useStageApp();

describe('POST /api/stage', () => {
  it('refunds the credit when staging fails', async () => {
    const user = await accountWith(5);
    t.stager.failWith = unavailable();
    const response = await stage(user);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: { message: MESSAGES.stagingUnavailable } });
    expect(await balance(user.uid)).toBe(5);
    const reasons = (await t.store.listLedger(user.uid)).map((e) => e.reason);
    expect(reasons.filter((r) => r === 'refund')).toHaveLength(1);
  });

  it('answers 422 telling the seller to try another photo when no piece can be found, refunds and records no edit', async () => {
    const user = await accountWith(5);
    t.stager.failWith = new StagingError('no-subject', MESSAGES.noFurnitureFound);
    const response = await stage(user);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: { message: MESSAGES.noFurnitureFound, code: 'no-subject' } });
    expect(await balance(user.uid)).toBe(5);
    expect(
      (await request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`)).body.data,
    ).toEqual([]);
  });

  it.each([
    ['naming what it saw when the photo is not furniture', 'not-furniture', MESSAGES.notFurniture('a cat')],
    ['asking the seller to mark the piece when the engine is unsure', 'unsure-subject', MESSAGES.unsureSubject],
  ] as const)('answers 422 %s, with its code, and leaves the balance as it was', async (_name, kind, message) => {
    const user = await accountWith(5);
    t.stager.failWith = new StagingError(kind, message);
    const response = await stage(user);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: { message, code: kind } });
    expect(await balance(user.uid)).toBe(5);
  });

  it('refunds and answers 500 with the generic message on an unexpected failure', async () => {
    const user = await accountWith(5);
    t.stager.failWith = new Error('disk on fire at /secret/path');
    const response = await stage(user);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { message: MESSAGES.internalError } });
    expect(await balance(user.uid)).toBe(5);
  });
});
