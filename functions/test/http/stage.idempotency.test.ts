/**
 * POST /api/stage under an Idempotency-Key: a repeated or concurrent request is charged once, and
 * concurrent requests spend exactly the credits there are.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { t, accountWith, stage, balance, unsigned, useStageApp } from './stageSetup.js';

useStageApp();

describe('POST /api/stage', () => {
  it('returns the first result for a repeated Idempotency-Key and debits once', async () => {
    const user = await accountWith(10);
    const first = await stage(user, { key: 'retry-1' });
    const second = await stage(user, { key: 'retry-1' });
    expect(second.status).toBe(200);
    expect({
      ...second.body,
      inputUrl: unsigned(second.body.inputUrl),
      outputUrl: unsigned(second.body.outputUrl),
    }).toEqual({
      ...first.body,
      inputUrl: unsigned(first.body.inputUrl),
      outputUrl: unsigned(first.body.outputUrl),
    });
    expect(await balance(user.uid)).toBe(9);
  });

  it('stages another room for another variant: its own result for its own credit, and each key replays its own', async () => {
    const user = await accountWith(10);
    const fields = { style: 'farmhouse', furnitureType: 'dresser', mode: 'auto', prompt: '' };
    const first = await stage(user, { key: 'room-0', fields });
    const second = await stage(user, { key: 'room-1', fields: { ...fields, variant: '1' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(t.stager.calls.slice(-2).map((c) => c.variant)).toEqual([0, 1]);
    expect(second.body.editId).not.toBe(first.body.editId);
    expect(second.body.outputUrl).not.toBe(first.body.outputUrl);
    expect([first.body.creditsRemaining, second.body.creditsRemaining]).toEqual([9, 8]);

    const calls = t.stager.calls.length;
    const replays = [
      await stage(user, { key: 'room-0', fields }),
      await stage(user, { key: 'room-1', fields: { ...fields, variant: '1' } }),
    ];
    expect(replays.map((r) => [r.body.editId, unsigned(r.body.outputUrl)])).toEqual([
      [first.body.editId, unsigned(first.body.outputUrl)],
      [second.body.editId, unsigned(second.body.outputUrl)],
    ]);
    expect(t.stager.calls).toHaveLength(calls);
    expect(await balance(user.uid)).toBe(8);
  });

  it('debits once when requests with the same key arrive together', async () => {
    const user = await accountWith(10);
    t.stager.delayMs = 150;
    const responses = await Promise.all(Array.from({ length: 5 }, () => stage(user, { key: 'together' })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body.editId)).size).toBe(1);
    expect(await balance(user.uid)).toBe(9);
  });

  it('lets exactly 10 of 50 concurrent requests through for 10 credits', async () => {
    const user = await accountWith(10);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => stage(user, { key: `burst-${i}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await balance(user.uid)).toBe(0);
    const ledger = await t.store.listLedger(user.uid);
    expect(ledger.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
  });

  it.each([
    [{ style: 'gothic', furnitureType: 'sofa', mode: 'auto' }, MESSAGES.invalidStyle],
    [{ style: 'modern', furnitureType: 'piano', mode: 'auto' }, MESSAGES.invalidFurnitureType],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'magic' }, MESSAGES.invalidMode],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'custom', prompt: 'x'.repeat(2001) }, MESSAGES.promptTooLong],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'auto', variant: '100' }, MESSAGES.invalidVariant],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'auto', variant: 'next' }, MESSAGES.invalidVariant],
  ])('answers 400 for invalid fields %j without a debit', async (fields, message) => {
    const user = await accountWith(3);
    const response = await stage(user, { fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
    expect(await balance(user.uid)).toBe(3);
  });
});
