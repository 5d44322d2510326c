import { describe, expect, it } from 'vitest';
import { buildAutoPrompt, type DesignStyleId, type FurnitureTypeId } from '@flipstage/core';
import { plateGeometry } from '../../../fixtures/plateGeometry.js';
import { choosePlate, colourGrade } from '../../../../src/stagers/engine/plates/choosePlate.js';
import type { PlateGeometry } from '../../../../src/stagers/engine/plates/geometry.js';

const PLATES: PlateGeometry[] = [
  plateGeometry({ id: 'coastal-1', room: 'living', tags: ['window', 'plants', 'bright', 'cool'] }),
  plateGeometry({ id: 'coastal-2', room: 'bedroom', tags: ['lamp', 'curtains', 'warm'] }),
  plateGeometry({ id: 'coastal-3', room: 'dining', tags: ['rug', 'art', 'window'] }),
  plateGeometry({ id: 'coastal-4', room: 'living', tags: ['dark', 'fireplace', 'books'] }),
  plateGeometry({ id: 'modern-1', style: 'modern', room: 'bedroom', tags: ['rug'] }),
  plateGeometry({ id: 'modern-2', style: 'modern', room: 'living', tags: [] }),
  plateGeometry({ id: 'modern-10', style: 'modern', room: 'living', tags: ['mirror'] }),
];

function chosen(
  furnitureType: FurnitureTypeId,
  prompt?: string,
  variant = 0,
  style: DesignStyleId = 'coastal',
): string {
  return choosePlate(PLATES, { style, furnitureType, prompt: prompt ?? buildAutoPrompt(style, furnitureType), variant })
    .id;
}

describe('choosing the room plate', () => {
  it('only ever picks a plate of the requested style', () => {
    for (let variant = 0; variant < 6; variant++)
      expect(chosen('sofa', undefined, variant, 'modern')).toMatch(/^modern-/);
  });

  it('puts a piece in the room its type prefers for the auto prompt', () => {
    expect(chosen('bed')).toBe('coastal-2');
    expect(chosen('table')).toBe('coastal-3');
    expect(chosen('desk')).toBe('coastal-3');
    expect(chosen('sofa')).toBe('coastal-1');
    expect(chosen('dresser')).toBe('coastal-2');
  });

  it('falls back to the next preferred room, then to any, when the style lacks the first', () => {
    expect(chosen('bed', undefined, 0, 'modern')).toBe('modern-1');
    expect(chosen('table', undefined, 0, 'modern')).toBe('modern-1');
    expect(chosen('chair', undefined, 0, 'modern')).toBe('modern-2');
  });

  it('orders plates of the same standing by id, numerically', () => {
    expect(chosen('sofa', undefined, 1, 'modern')).toBe('modern-10');
  });

  it('is steered by the prompt’s keywords, synonyms included', () => {
    expect(chosen('sofa', 'a big jute rug')).toBe('coastal-3');
    expect(chosen('sofa', 'A cozy room with DRAPES')).toBe('coastal-2');
    expect(chosen('bed', 'moody evening by the fireplace with books')).toBe('coastal-4');
    expect(chosen('bed', 'lots of greenery and daylight')).toBe('coastal-1');
  });

  it('breaks a tie between keyword matches by the type’s room', () => {
    // coastal-1 and coastal-3 both have a window: a table prefers the dining room, a sofa the living room.
    expect(chosen('table', 'a big window')).toBe('coastal-3');
    expect(chosen('sofa', 'a big window')).toBe('coastal-1');
  });

  it('ranks a plate tagged with the opposite light below one tagged with neither', () => {
    // coastal-1 (living) is bright; a dark request for a sofa should rather take coastal-4, and never coastal-1 first.
    expect(chosen('sofa', 'dark and dim')).toBe('coastal-4');
    expect(chosen('sofa', 'dark and dim', 3)).toBe('coastal-1');
  });

  it('keeps the default order for a prompt with no keyword it knows, or an auto prompt with words added', () => {
    expect(chosen('bed', 'something nice please')).toBe('coastal-2');
    expect(chosen('bed', `${buildAutoPrompt('coastal', 'bed')} and a jute rug`)).toBe('coastal-3');
    expect(chosen('bed', `  ${buildAutoPrompt('coastal', 'bed')}  `)).toBe('coastal-2');
  });

  it('walks through every plate of the style with its variant, without repeating within a cycle', () => {
    for (const prompt of [undefined, 'a rug and a lamp']) {
      const cycle = [0, 1, 2, 3].map((variant) => chosen('chair', prompt, variant));
      expect(new Set(cycle)).toEqual(new Set(['coastal-1', 'coastal-2', 'coastal-3', 'coastal-4']));
      expect([4, 5, 6, 7].map((variant) => chosen('chair', prompt, variant))).toEqual(cycle);
    }
  });

  it('says so when a style has no plates, and refuses a variant that is not a count', () => {
    expect(() => chosen('sofa', undefined, 0, 'industrial')).toThrow(/No room plates for the industrial style/);
    expect(() => chosen('sofa', undefined, -1)).toThrow(RangeError);
    expect(() => chosen('sofa', undefined, 1.5)).toThrow(RangeError);
  });
});

describe('the colour grade a prompt asks for', () => {
  it('is neutral for the auto prompt of every style, even those that speak of warm or bright light', () => {
    expect(colourGrade(buildAutoPrompt('traditional', 'sofa'))).toEqual({ brightness: 1, temperature: 0 });
    expect(colourGrade(buildAutoPrompt('scandinavian', 'bed'))).toEqual({ brightness: 1, temperature: 0 });
    expect(colourGrade('a jute rug')).toEqual({ brightness: 1, temperature: 0 });
  });

  it('lightens, darkens, warms and cools gently', () => {
    const bright = colourGrade('bright and airy');
    const dark = colourGrade('a moody evening');
    expect(bright.brightness).toBeGreaterThan(1);
    expect(bright.brightness).toBeLessThanOrEqual(1.12);
    expect(dark.brightness).toBeLessThan(1);
    expect(dark.brightness).toBeGreaterThanOrEqual(0.85);
    expect(colourGrade('warm and cozy').temperature).toBeGreaterThan(0);
    expect(colourGrade('crisp nordic').temperature).toBeLessThan(0);
    expect(Math.abs(colourGrade('golden').temperature)).toBeLessThanOrEqual(0.05);
  });

  it('cancels words that contradict each other', () => {
    expect(colourGrade('light oak in a dark room, warm but cool')).toEqual({ brightness: 1, temperature: 0 });
  });
});
