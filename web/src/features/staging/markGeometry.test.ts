import { describe, expect, it } from 'vitest';
import { parseSubjectHint, formatSubjectHint } from '@flipstage/core';
import { describeHint, hintAfterKey, hintFromDrag, spotIn } from './markGeometry';

describe('a mark from the pointer', () => {
  it('reads the spot as fractions of the photo on screen, kept inside it', () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    expect(spotIn(rect, 300, 100)).toEqual({ x: 0.5, y: 0.25 });
    expect(spotIn(rect, 20, 400)).toEqual({ x: 0, y: 1 });
  });

  it('makes a box of a drag, whichever way it went', () => {
    expect(hintFromDrag({ x: 0.8, y: 0.9 }, { x: 0.2, y: 0.3 })).toEqual({
      kind: 'box',
      x: 0.2,
      y: 0.3,
      width: expect.closeTo(0.6, 6),
      height: expect.closeTo(0.6, 6),
    });
  });

  it('makes a point of a tap or of a drag too thin to be a box', () => {
    expect(hintFromDrag({ x: 0.5, y: 0.5 }, { x: 0.51, y: 0.5 })).toEqual({ kind: 'point', x: 0.51, y: 0.5 });
    expect(hintFromDrag({ x: 0.1, y: 0.5 }, { x: 0.9, y: 0.51 })).toEqual({ kind: 'point', x: 0.9, y: 0.51 });
  });

  it('makes boxes the server accepts', () => {
    const box = hintFromDrag({ x: 0.97, y: 0.97 }, { x: 1, y: 1 });
    expect(box.kind).toBe('box');
    expect(parseSubjectHint(formatSubjectHint(box))).toMatchObject({ kind: 'box', x: 0.97, y: 0.97 });
  });
});

describe('a mark from the keyboard', () => {
  it('starts as a box over the middle of the photo', () => {
    expect(hintAfterKey(null, 'ArrowUp', false)).toEqual({ kind: 'box', x: 0.25, y: 0.25, width: 0.5, height: 0.5 });
  });

  it('moves a box inside the photo and no further', () => {
    const box = { kind: 'box', x: 0.49, y: 0, width: 0.5, height: 0.5 } as const;
    expect(hintAfterKey(box, 'ArrowRight', false)).toMatchObject({ x: 0.5, y: 0 });
    expect(hintAfterKey(box, 'ArrowUp', false)).toMatchObject({ x: 0.49, y: 0 });
  });

  it('resizes a box from its right and bottom edges with Shift', () => {
    const box = { kind: 'box', x: 0.2, y: 0.2, width: 0.5, height: 0.5 } as const;
    expect(hintAfterKey(box, 'ArrowLeft', true)).toMatchObject({ x: 0.2, width: 0.48, height: 0.5 });
    expect(hintAfterKey(box, 'ArrowDown', true)).toMatchObject({ y: 0.2, width: 0.5, height: 0.52 });
  });

  it('moves a point, and leaves the mark alone for other keys', () => {
    const point = { kind: 'point', x: 0.5, y: 0.5 } as const;
    expect(hintAfterKey(point, 'ArrowDown', true)).toEqual({ kind: 'point', x: 0.5, y: 0.52 });
    expect(hintAfterKey(point, 'Enter', false)).toBe(point);
  });
});

it('describes a mark in words', () => {
  expect(describeHint({ kind: 'point', x: 0.25, y: 0.5 })).toBe('Piece marked at 25% across, 50% down.');
});
