/**
 * POST /api/stage with what the seller marked: the piece's point or box and brush strokes reach
 * the stager, and the prompt words that chose the room come back.
 */
import { describe, expect, it } from 'vitest';
import { BRUSH_KEEP, MESSAGES } from '@flipstage/core';
import { t, accountWith, stage, balance, useStageApp } from './stageSetup.js';

useStageApp();

describe('POST /api/stage', () => {
  const markedFields = { style: 'modern', furnitureType: 'chair', mode: 'auto', prompt: '' };

  it('hands the piece the seller marked to the stager', async () => {
    const user = await accountWith(5);
    const fields = {
      style: 'modern',
      furnitureType: 'chair',
      mode: 'auto',
      prompt: '',
      subject: 'box:0.1,0.2,0.5,0.6',
    };
    expect((await stage(user, { fields })).status).toBe(200);
    expect(t.stager.calls.at(-1)?.subject).toEqual({ kind: 'box', x: 0.1, y: 0.2, width: 0.5, height: 0.6 });
  });

  it('refuses a mark that is not a point or box inside the photo with 400, before any charge', async () => {
    const user = await accountWith(5);
    const fields = {
      style: 'modern',
      furnitureType: 'chair',
      mode: 'auto',
      prompt: '',
      subject: 'box:0.8,0.2,0.5,0.6',
    };
    const response = await stage(user, { fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidSubjectHint } });
    expect(await balance(user.uid)).toBe(5);
  });

  it("hands the brush strokes and the seller's word that it is furniture to the stager", async () => {
    const user = await accountWith(5);
    const fields = { ...markedFields, strokes: '8x6:9.4+27.8-', confirmedFurniture: 'yes' };
    expect((await stage(user, { fields })).status).toBe(200);
    const call = t.stager.calls.at(-1);
    expect(call?.confirmedFurniture).toBe(true);
    expect(call?.strokes?.width).toBe(8);
    expect(Array.from(call?.strokes?.cells ?? []).filter((cell) => cell === BRUSH_KEEP)).toHaveLength(4);
  });

  it.each([
    ['runs that do not fill the grid', { strokes: '8x6:9.4+' }, MESSAGES.invalidBrushStrokes],
    ['a grid of pixels', { strokes: '0,1,1,0' }, MESSAGES.invalidBrushStrokes],
    ['a confirmation other than yes', { confirmedFurniture: 'maybe' }, MESSAGES.invalidFurnitureConfirmation],
  ])('refuses %s with 400, before any charge', async (_name, extra, message) => {
    const user = await accountWith(5);
    const response = await stage(user, { fields: { ...markedFields, ...extra } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
    expect(await balance(user.uid)).toBe(5);
  });

  it('tells the studio which prompt words chose the room', async () => {
    const user = await accountWith(5);
    t.stager.matched = ['brick', 'fireplace'];
    const response = await stage(user);
    t.stager.matched = undefined;
    expect(response.body.matched).toEqual(['brick', 'fireplace']);
  });
});
