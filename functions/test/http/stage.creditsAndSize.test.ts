/**
 * POST /api/stage: one credit per staging, the prompt and the size a plan allows, and the deadline
 * the stager gets.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES, buildAutoPrompt } from '@flipstage/core';
import { signUpTestUser } from '../helpers/emulatorUsers.js';
import { t, accountWith, stage, subscribe, balance, unsigned, SIGNED, useStageApp } from './stageSetup.js';

useStageApp();

describe('POST /api/stage', () => {
  it('debits 1 credit, stores input and output, records the image edit and returns its URLs', async () => {
    const user = await accountWith(10);
    const response = await stage(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      editId: expect.any(String),
      inputUrl: expect.stringMatching(
        new RegExp(String.raw`^http://127\.0\.0\.1:5999/blobs/image-edits/.+/input\.jpg` + SIGNED),
      ),
      outputUrl: expect.stringMatching(
        new RegExp(String.raw`^http://127\.0\.0\.1:5999/blobs/image-edits/.+/staged\.jpg` + SIGNED),
      ),
      creditsRemaining: 9,
    });
    const edits = await request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`);
    expect(edits.body.data).toEqual([
      expect.objectContaining({
        id: response.body.editId,
        user_id: user.uid,
        input_image_url: expect.stringMatching(new RegExp(`^${unsigned(response.body.inputUrl)}${SIGNED}`)),
        output_image_url: expect.stringMatching(new RegExp(`^${unsigned(response.body.outputUrl)}${SIGNED}`)),
        background_style: buildAutoPrompt('farmhouse', 'dresser'),
        style: 'farmhouse',
        furniture_type: 'dresser',
      }),
    ]);
  });

  it('sends the custom prompt, or its fallback when empty', async () => {
    const user = await accountWith(10);
    await stage(user, { fields: { mode: 'custom', prompt: 'a sunlit loft', style: 'modern', furnitureType: 'sofa' } });
    await stage(user, { fields: { mode: 'custom', prompt: '  ', style: 'modern', furnitureType: 'sofa' } });
    expect(t.stager.calls.slice(-2).map((c) => c.prompt)).toEqual(['a sunlit loft', 'Custom background prompt']);
  });

  it('stages in standard size without a plan and in HD on an active Flipper plan', async () => {
    const user = await accountWith(10);
    await stage(user);
    expect(t.stager.calls.at(-1)?.size).toBe('standard');
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    await stage(user);
    expect(t.stager.calls.at(-1)?.size).toBe('hd');
  });

  it('tells the account whether its plan gives HD, by the rule the staging follows', async () => {
    const user = await accountWith(10);
    const account = () => request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect((await account()).body.hdAllowed).toBe(false);
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    expect((await account()).body.hdAllowed).toBe(true);
  });

  it('stages in standard size when asked, even on an HD plan', async () => {
    const user = await accountWith(10);
    await subscribe(user, LOCAL_PRICE_IDS.premium);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'standard' },
    });
    expect(response.status).toBe(200);
    expect(t.stager.calls.at(-1)?.size).toBe('standard');
  });

  it('refuses HD without an active Flipper or Premium plan and charges nothing', async () => {
    const user = await accountWith(10);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'hd' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: 'HD output needs an active Flipper or Premium plan.' } });
    expect(await balance(user.uid)).toBe(10);
  });

  it('answers 400 for a size other than standard or hd', async () => {
    const user = await accountWith(10);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'huge' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: 'Size must be standard or hd.' } });
  });

  it('answers 402 with the spec message when there are no credits', async () => {
    const user = await accountWith(0);
    const response = await stage(user);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: { message: MESSAGES.needCredits } });
  });

  it('answers 402 for a user who has no account yet', async () => {
    const user = await signUpTestUser();
    expect((await stage(user)).status).toBe(402);
  });

  it("gives the stager a deadline that ends before Hosting's 60-second cut-off", async () => {
    const user = await accountWith(3);
    const before = Date.now();
    await stage(user);
    const deadline = t.stager.calls.at(-1)?.deadline;
    expect(deadline).toBeGreaterThan(before);
    expect(deadline! - before).toBeLessThanOrEqual(50_000);
  });
});
