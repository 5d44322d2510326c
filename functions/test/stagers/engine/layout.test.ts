import { describe, expect, it } from 'vitest';
import { FURNITURE_TYPE_IDS, type FurnitureTypeId } from '@flipstage/core';
import { bindingFill, frameAround, placeAndFrame, placeOnPlate } from '../../../src/stagers/engine/layout.js';
import { pixelsPerMetre, type PlateGeometry } from '../../../src/stagers/engine/plates/geometry.js';

/** A plate as scripts/plates/build.py writes one: a level camera 1 m up, 4.2 m from the back wall. */
const CAMERA = { heightM: 1, horizonY: 360, focalPx: 1195, yawDeg: 0 };
const rowAt = (metresFromWall: number) => CAMERA.horizonY + (CAMERA.focalPx * CAMERA.heightM) / (4.2 - metresFromWall);
const SLOT_DEPTHS: Record<FurnitureTypeId, [number, number]> = {
  dresser: [0.55, 1.7],
  bookcase: [0.45, 1.2],
  desk: [0.8, 1.7],
  sofa: [1.05, 2.5],
  chair: [1.15, 1.0],
  table: [1.9, 2.1],
  coffee: [1.95, 1.4],
  bed: [2.25, 2.2],
};
const plate: PlateGeometry = {
  id: 'modern-1',
  style: 'modern',
  room: 'living',
  view: 'front',
  width: 1536,
  height: 1024,
  camera: CAMERA,
  floor: {
    backY: rowAt(0),
    polygon: [
      [0, 1024],
      [0, rowAt(0)],
      [1536, rowAt(0)],
      [1536, 1024],
    ],
  },
  slots: Object.fromEntries(
    FURNITURE_TYPE_IDS.map((type) => [
      type,
      { x: 768, y: rowAt(SLOT_DEPTHS[type][0]), maxWidthM: SLOT_DEPTHS[type][1] },
    ]),
  ) as PlateGeometry['slots'],
  light: { side: 'left', direction: [1, 0], elevationDeg: 30, colour: '#fff3e2' },
  tags: [],
};

describe('standing a piece in its slot on a plate', () => {
  it('makes a bed wider than a chair photographed at the same aspect', () => {
    expect(placeOnPlate(plate, 'bed', 1.4).w).toBeGreaterThan(placeOnPlate(plate, 'chair', 1.4).w * 1.5);
  });

  it('makes a bookcase taller than a dresser', () => {
    expect(placeOnPlate(plate, 'bookcase', 0.5).h).toBeGreaterThan(placeOnPlate(plate, 'dresser', 1.5).h * 1.6);
  });

  it('gives a dresser its real height: 0.85 m at the scale of the floor where it stands', () => {
    const box = placeOnPlate(plate, 'dresser', 1.2);
    expect(box.h / pixelsPerMetre(plate, box.y + box.h)).toBeCloseTo(0.85, 2);
  });

  it('stands the piece with its front feet on its slot row and centred on the slot', () => {
    const box = placeOnPlate(plate, 'sofa', 2.5);
    expect(box.y + box.h).toBeCloseTo(plate.slots.sofa.y, 5);
    expect(box.x + box.w / 2).toBeCloseTo(plate.slots.sofa.x, 5);
  });

  it('narrows a very wide photo to the widest such a piece gets instead of stretching it across the room', () => {
    const box = placeOnPlate(plate, 'chair', 4);
    expect(box.w / pixelsPerMetre(plate, box.y + box.h)).toBeLessThanOrEqual(0.85 + 1e-9);
  });

  it('keeps a piece within the width its slot leaves free', () => {
    const narrow = { ...plate, slots: { ...plate.slots, sofa: { ...plate.slots.sofa, maxWidthM: 1.8 } } };
    const box = placeOnPlate(narrow, 'sofa', 4);
    expect(box.w / pixelsPerMetre(narrow, box.y + box.h)).toBeLessThanOrEqual(1.8 + 1e-9);
  });

  it('moves a corner view forward until its rear foot stands on the floor, not in the wall', () => {
    const contact = { back: 0.7 };
    const box = placeOnPlate(plate, 'dresser', 1.3, contact);
    expect(box.y + box.h * contact.back).toBeGreaterThan(plate.floor.backY);
  });

  it.each(FURNITURE_TYPE_IDS)('keeps a %s inside the plate, standing below the back wall', (type) => {
    for (const aspect of [0.3, 1, 3]) {
      const box = placeOnPlate(plate, type, aspect);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(plate.width);
      expect(box.y + box.h).toBeLessThanOrEqual(plate.height);
      expect(box.y + box.h).toBeGreaterThan(plate.floor.backY);
    }
  });
});

describe('framing the result around the piece', () => {
  it.each(FURNITURE_TYPE_IDS)('frames a %s whole, inside the plate, at the canvas aspect', (type) => {
    for (const canvasAspect of [0.75, 1.5, 16 / 9]) {
      const box = placeOnPlate(plate, type, 1.2);
      const frame = frameAround(plate, box, { width: 768 * canvasAspect, height: 768 });
      expect(frame.w / frame.h).toBeCloseTo(canvasAspect, 5);
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.y).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.w).toBeLessThanOrEqual(plate.width + 1e-6);
      expect(frame.y + frame.h).toBeLessThanOrEqual(plate.height + 1e-6);
      if (box.w <= frame.w) {
        expect(box.x).toBeGreaterThanOrEqual(frame.x - 1e-6);
        expect(box.x + box.w).toBeLessThanOrEqual(frame.x + frame.w + 1e-6);
      }
      expect(box.y).toBeGreaterThanOrEqual(frame.y - 1e-6);
      expect(box.y + box.h).toBeLessThanOrEqual(frame.y + frame.h + 1e-6);
    }
  });

  it('moves in on a small piece, so a coffee table fills more of the frame than of the plate', () => {
    const box = placeOnPlate(plate, 'coffee', 2.2);
    const frame = frameAround(plate, box, { width: 1024, height: 683 });
    expect(frame.h).toBeLessThan(plate.height);
    expect(box.h / frame.h).toBeGreaterThan(box.h / plate.height);
  });

  it('frames an HD canvas wider rather than enlarge the plate more than 1.8 times', () => {
    const box = placeOnPlate(plate, 'coffee', 2.2);
    const frame = frameAround(plate, box, { width: 2048, height: 1365 });
    expect(1365 / frame.h).toBeLessThanOrEqual(1.8 + 1e-6);
  });
});

describe('filling the frame like a listing photo', () => {
  const canvases = { standard: { width: 1024, height: 683 }, hd: { width: 2048, height: 1365 } };

  it.each(FURNITURE_TYPE_IDS)('fills 55 to 75 percent of a standard frame on its binding side with a %s', (type) => {
    for (const aspect of [0.5, 1, 1.6, 2.6]) {
      const { piece, frame } = placeAndFrame(plate, type, aspect, { back: 1 }, canvases.standard);
      expect(bindingFill(piece, frame)).toBeGreaterThanOrEqual(0.55);
      expect(bindingFill(piece, frame)).toBeLessThanOrEqual(0.75);
    }
  });

  /** How wide a photo of each type usually is for its height. */
  const TYPICAL_ASPECT: Record<FurnitureTypeId, number> = {
    dresser: 1.4,
    sofa: 2.4,
    table: 1.6,
    chair: 0.8,
    coffee: 2.4,
    bed: 1.6,
    desk: 1.6,
    bookcase: 0.5,
  };

  it.each(FURNITURE_TYPE_IDS)(
    'fills 55 to 75 percent of an HD frame with a %s, standing it nearer when the frame cannot tighten',
    (type) => {
      const { piece, frame } = placeAndFrame(plate, type, TYPICAL_ASPECT[type], { back: 1 }, canvases.hd);
      expect(bindingFill(piece, frame)).toBeGreaterThanOrEqual(0.55);
      expect(bindingFill(piece, frame)).toBeLessThanOrEqual(0.75);
    },
  );

  it('keeps a chair smaller against the room than a sofa: the frame tightens on the chair instead', () => {
    const chair = placeAndFrame(plate, 'chair', 1, { back: 1 }, canvases.standard);
    const sofa = placeAndFrame(plate, 'sofa', 2.4, { back: 1 }, canvases.standard);
    expect(chair.frame.h).toBeLessThan(sofa.frame.h);
  });
});
