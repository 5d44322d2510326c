import { describe, expect, it } from 'vitest';
import {
  BRUSH_DROP,
  BRUSH_KEEP,
  brushGridSize,
  emptyBrushMask,
  formatBrushMask,
  hasBrushStrokes,
  MAX_BRUSH_FIELD_LENGTH,
  parseBrushMask,
} from './brushMask.js';
import { stageFormEntries } from './stageForm.js';

function painted() {
  const mask = emptyBrushMask(8, 6);
  mask.cells.fill(BRUSH_KEEP, 9, 13);
  mask.cells.fill(BRUSH_DROP, 40, 48);
  return mask;
}

describe('the brush strokes in the stage form', () => {
  it('encodes runs of unpainted, kept and dropped cells', () => {
    expect(formatBrushMask(painted())).toBe('8x6:9.4+27.8-');
  });

  it('round-trips what it formats', () => {
    const mask = painted();
    expect(parseBrushMask(formatBrushMask(mask))).toEqual(mask);
  });

  it('sizes the grid to the photo, long side 160, aspect kept', () => {
    expect(brushGridSize(4032, 3024)).toEqual({ width: 160, height: 120 });
    expect(brushGridSize(1000, 3000)).toEqual({ width: 53, height: 160 });
  });

  it('keeps a whole 160 × 120 grid compact', () => {
    const mask = emptyBrushMask(160, 120);
    for (let row = 30; row < 90; row++) mask.cells.fill(BRUSH_KEEP, row * 160 + 40, row * 160 + 70);
    expect(formatBrushMask(mask).length).toBeLessThan(1000);
  });

  it('says an unpainted grid has no strokes', () => {
    expect(hasBrushStrokes(emptyBrushMask(8, 6))).toBe(false);
    expect(hasBrushStrokes(painted())).toBe(true);
  });

  it.each([
    ['runs that fall short of the grid', '8x6:9.4+'],
    ['runs that overflow the grid', '8x6:49.'],
    ['an unknown cell symbol', '8x6:48*'],
    ['a run of zero', '8x6:0.48.'],
    ['a grid too small', '2x2:4.'],
    ['a grid too large', '300x300:90000.'],
    ['no size', ':48.'],
    ['pixels instead of runs', '8x6:0,1,0,1'],
    ['words', 'keep the sofa'],
  ])('refuses %s', (_name, text) => {
    expect(parseBrushMask(text)).toBeNull();
  });

  it('refuses a field longer than any grid needs before reading it', () => {
    expect(parseBrushMask(`8x6:${'1.'.repeat(MAX_BRUSH_FIELD_LENGTH)}`)).toBeNull();
  });

  it('is sent only when painted, with the furniture confirmation only when given', () => {
    const fields = { prompt: '', style: 'modern', furnitureType: 'sofa', mode: 'auto' } as const;
    expect(stageFormEntries({ ...fields, strokes: emptyBrushMask(8, 6) }).entries.map(([name]) => name)).not.toContain(
      'strokes',
    );
    const { entries } = stageFormEntries({ ...fields, strokes: painted(), confirmedFurniture: true });
    expect(entries.slice(4)).toEqual([
      ['strokes', '8x6:9.4+27.8-'],
      ['confirmedFurniture', 'yes'],
    ]);
  });
});
