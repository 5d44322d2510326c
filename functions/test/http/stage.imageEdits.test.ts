/**
 * GET /api/image-edits: the caller's own stagings, newest first, in pages.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { t, accountWith, stage, useStageApp } from './stageSetup.js';

useStageApp();

describe('GET /api/image-edits', () => {
  it('lists only the caller’s edits, newest first, with a cursor', async () => {
    const user = await accountWith(20);
    const other = await accountWith(5);
    await stage(other);
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push((await stage(user)).body.editId);
    const auth = `Bearer ${user.idToken}`;
    const first = await request(t.app).get('/api/image-edits').set('authorization', auth);
    expect(first.body.data).toHaveLength(12);
    expect(first.body.data[0].id).toBe(ids[12]);
    const second = await request(t.app)
      .get('/api/image-edits')
      .query({ cursor: first.body.nextCursor })
      .set('authorization', auth);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it('answers 400 for a forged cursor', async () => {
    const user = await accountWith(1);
    const response = await request(t.app)
      .get('/api/image-edits')
      .query({ cursor: 'garbage' })
      .set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidCursor } });
  });
});
