import { describe, expect, it } from 'vitest';
import { buildAutoPrompt, type DesignStyleId, type FurnitureTypeId } from '@flipstage/core';
import { plateGeometry } from '../../../fixtures/plateGeometry.js';
import { choosePlate, colourGrade, type PlateRequest } from '../../../../src/stagers/engine/plates/choosePlate.js';
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
    .plate.id;
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
    expect(chosen('table', 'a window')).toBe('coastal-3');
    expect(chosen('sofa', 'a window')).toBe('coastal-1');
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

  it('walks "Try another room" to the least alike of equally good rooms, not the next by id', () => {
    const plates = [
      plateGeometry({ id: 'modern-1', style: 'modern', room: 'living', tags: ['white-walls', 'rug'] }),
      plateGeometry({ id: 'modern-2', style: 'modern', room: 'living', tags: ['white-walls', 'rug', 'lamp'] }),
      plateGeometry({ id: 'modern-3', style: 'modern', room: 'living', tags: ['brick', 'fireplace'] }),
    ];
    const walk = [0, 1, 2].map(
      (variant) => choosePlate(plates, { style: 'modern', furnitureType: 'sofa', prompt: '', variant }).plate.id,
    );
    expect(walk).toEqual(['modern-1', 'modern-3', 'modern-2']);
  });

  it('says so when a style has no plates, and refuses a variant that is not a count', () => {
    expect(() => chosen('sofa', undefined, 0, 'industrial')).toThrow(/No room plates for the industrial style/);
    expect(() => chosen('sofa', undefined, -1)).toThrow(RangeError);
    expect(() => chosen('sofa', undefined, 1.5)).toThrow(RangeError);
  });
});

const FEATURES: PlateGeometry[] = [
  plateGeometry({ id: 'industrial-1', style: 'industrial', room: 'living', tags: ['brick', 'rug'] }),
  plateGeometry({ id: 'industrial-2', style: 'industrial', room: 'living', tags: ['fireplace', 'lamp'] }),
  plateGeometry({ id: 'industrial-3', style: 'industrial', room: 'living', tags: ['brick', 'fireplace', 'mirror'] }),
  plateGeometry({
    id: 'industrial-4',
    style: 'industrial',
    room: 'living',
    camera: { heightM: 1.35, horizonY: 313, focalPx: 1194.7, yawDeg: 30 },
    view: 'three-quarter',
    tags: ['large-window', 'plants'],
  }),
  plateGeometry({
    id: 'industrial-5',
    style: 'industrial',
    room: 'bedroom',
    camera: { heightM: 1.05, horizonY: 400, focalPx: 1194.7, yawDeg: -35 },
    view: 'three-quarter',
    tags: ['dark-walls', 'lamp'],
  }),
];

function choose(prompt: string, options: { variant?: number; view?: PlateRequest['view'] } = {}) {
  const { plate, matched } = choosePlate(FEATURES, {
    style: 'industrial',
    furnitureType: 'sofa',
    prompt,
    variant: options.variant ?? 0,
    ...(options.view && { view: options.view }),
  });
  return { id: plate.id, matched };
}

describe('the words a chosen room honours', () => {
  it('picks the plate with both a brick wall and a fireplace, and names both, in the prompt’s order', () => {
    expect(choose('exposed brick and a cosy hearth')).toEqual({ id: 'industrial-3', matched: ['brick', 'fireplace'] });
  });

  it('reports only the words the chosen plate shows, and none for the auto prompt', () => {
    expect(choose('a fireplace and floor-to-ceiling windows').matched).toEqual(['fireplace']);
    expect(choose(buildAutoPrompt('industrial', 'sofa'))).toEqual({ id: 'industrial-1', matched: [] });
  });

  it('names the words again for each room “Try another room” walks to', () => {
    expect([0, 1, 2].map((variant) => choose('brick and a fireplace', { variant }))).toEqual([
      { id: 'industrial-3', matched: ['brick', 'fireplace'] },
      { id: 'industrial-1', matched: ['brick'] },
      { id: 'industrial-2', matched: ['fireplace'] },
    ]);
  });

  it('prefers a room seen as the photo sees the piece', () => {
    expect(choose('a lamp', { view: 'three-quarter' }).id).toBe('industrial-5');
    expect(choose('a lamp', { view: 'front' }).id).toBe('industrial-2');
    expect(choose('something nice', { view: 'three-quarter' }).id).toBe('industrial-4');
  });

  it('keeps a corner photo in a corner room when one asked-for word is shown only by a front room', () => {
    expect(choose('brick', { view: 'three-quarter' })).toEqual({ id: 'industrial-4', matched: [] });
  });

  it('lets two asked-for words take a corner photo into a front room that shows both', () => {
    expect(choose('brick and a fireplace', { view: 'three-quarter' }).id).toBe('industrial-3');
  });

  it('puts a corner photo whose nearest corner is on the right into the room whose camera turns left', () => {
    expect(choose('something nice', { view: { view: 'three-quarter', nearCorner: 'right' } }).id).toBe('industrial-4');
  });

  it('puts a corner photo whose nearest corner is on the left into the room whose camera turns right', () => {
    expect(choose('something nice', { view: { view: 'three-quarter', nearCorner: 'left' } }).id).toBe('industrial-5');
  });

  it('takes a corner room turned the other way over a front room', () => {
    const plates = FEATURES.filter((plate) => plate.id !== 'industrial-5');
    const pick = choosePlate(plates, {
      style: 'industrial',
      furnitureType: 'sofa',
      prompt: 'something nice',
      variant: 0,
      view: { view: 'three-quarter', nearCorner: 'left' },
    });
    expect(pick.plate.id).toBe('industrial-4');
  });

  it('keeps a corner photo in the corner room turned its way when one asked-for word is shown only by the other', () => {
    expect(choose('plants', { view: { view: 'three-quarter', nearCorner: 'left' } }).id).toBe('industrial-5');
  });

  it('lets two asked-for words take a corner photo into the corner room turned the other way', () => {
    const view = { view: 'three-quarter', nearCorner: 'left' } as const;
    expect(choose('plants and floor-to-ceiling windows', { view }).id).toBe('industrial-4');
  });

  it('ranks white walls below no wall tag when dark walls are asked for', () => {
    const plates = [
      plateGeometry({ id: 'modern-1', style: 'modern', tags: ['white-walls'] }),
      plateGeometry({ id: 'modern-2', style: 'modern', tags: [] }),
    ];
    const pick = (prompt: string) =>
      choosePlate(plates, { style: 'modern', furnitureType: 'sofa', prompt, variant: 0 }).plate.id;
    expect(pick('charcoal walls')).toBe('modern-2');
    expect(pick('white walls')).toBe('modern-1');
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
