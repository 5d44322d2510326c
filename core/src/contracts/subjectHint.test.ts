import { describe, expect, it } from 'vitest';
import { formatSubjectHint, parseSubjectHint } from './subjectHint.js';

describe('the marked piece in the stage form', () => {
  it('reads a tap as a point', () => {
    expect(parseSubjectHint('point:0.25,0.6')).toEqual({ kind: 'point', x: 0.25, y: 0.6 });
  });

  it('reads a dragged box', () => {
    expect(parseSubjectHint('box:0.1,0.2,0.5,0.7')).toEqual({ kind: 'box', x: 0.1, y: 0.2, width: 0.5, height: 0.7 });
  });

  it('round-trips what it formats, to four decimals', () => {
    const hint = { kind: 'box', x: 0.123456, y: 0, width: 0.5, height: 1 } as const;
    expect(parseSubjectHint(formatSubjectHint(hint))).toEqual({ ...hint, x: 0.1235 });
  });

  it.each([
    ['a box past the right edge', 'box:0.8,0.1,0.5,0.5'],
    ['a box too small to be a piece', 'box:0.1,0.1,0.01,0.5'],
    ['a point outside the photo', 'point:1.2,0.5'],
    ['a negative number', 'point:-0.1,0.5'],
    ['pixels instead of fractions', 'box:10,20,300,400'],
    ['a box with three numbers', 'box:0.1,0.2,0.3'],
    ['an unknown kind', 'circle:0.5,0.5,0.1'],
    ['words', 'the sofa'],
  ])('refuses %s', (_name, text) => {
    expect(parseSubjectHint(text)).toBeNull();
  });
});
