import { describe, expect, it } from 'vitest';
import { BRUSH_DROP, BRUSH_KEEP, BRUSH_NONE, emptyBrushMask } from '@flipstage/core';
import { cellOf, countCells, cursorAfterKey, gridFor, paintDab, paintSegment } from './brushPainting';

describe('the brush grid', () => {
  it('is shaped like the photo for a first stroke, and a copy of the strokes so far after', () => {
    expect(gridFor(null, { width: 1200, height: 900 })).toMatchObject({ width: 160, height: 120 });
    expect(gridFor(null, { width: 900, height: 1200 })).toMatchObject({ width: 120, height: 160 });
    const strokes = emptyBrushMask(8, 6);
    const copy = gridFor(strokes, { width: 1, height: 1 });
    copy.cells[0] = BRUSH_KEEP;
    expect(strokes.cells[0]).toBe(BRUSH_NONE);
  });
});

describe('painting', () => {
  it('paints a round dab of the brush’s radius around the spot, with keep or drop', () => {
    const mask = emptyBrushMask(20, 20);
    expect(paintDab(mask, { x: 0.5, y: 0.5 }, 2, cellOf('restore'))).toBe(true);
    const at = (x: number, y: number) => mask.cells[y * 20 + x];
    expect([at(10, 10), at(9, 9), at(11, 10), at(10, 11)]).toEqual([BRUSH_KEEP, BRUSH_KEEP, BRUSH_KEEP, BRUSH_KEEP]);
    expect(at(12, 12)).toBe(BRUSH_NONE);
    expect(at(13, 10)).toBe(BRUSH_NONE);
    expect(paintDab(mask, { x: 0.5, y: 0.5 }, 2, cellOf('restore'))).toBe(false);
    paintDab(mask, { x: 0.5, y: 0.5 }, 1, cellOf('erase'));
    expect(at(10, 10)).toBe(BRUSH_DROP);
    expect(countCells(mask)).toEqual({ keep: expect.any(Number), drop: 4 });
  });

  it('leaves no gap along a fast stroke and stays inside the grid at its edges', () => {
    const mask = emptyBrushMask(40, 10);
    paintSegment(mask, { x: 0, y: 0.5 }, { x: 1, y: 0.5 }, 1, BRUSH_DROP);
    for (let x = 0; x < 40; x++) expect(mask.cells[5 * 40 + x]).toBe(BRUSH_DROP);
    expect(mask.cells.length).toBe(400);
  });
});

describe('the keyboard’s brush cursor', () => {
  it('starts in the middle, moves a step per arrow (four with Shift) and stays on the photo', () => {
    const start = cursorAfterKey(null, 'ArrowRight', false);
    expect(start).toEqual({ x: 0.5, y: 0.5 });
    expect(cursorAfterKey(start, 'ArrowRight', false)).toEqual({ x: 0.525, y: 0.5 });
    expect(cursorAfterKey(start, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 });
    expect(cursorAfterKey({ x: 0.99, y: 0 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0 });
  });
});
