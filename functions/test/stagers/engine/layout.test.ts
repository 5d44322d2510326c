import { describe, expect, it } from 'vitest';
import { FURNITURE_TYPE_IDS, type FurnitureTypeId } from '@flipstage/core';
import { plateGeometry } from '../../fixtures/plateGeometry.js';
import {
  bindingFill,
  flatPiece,
  frameAround,
  placeAndFrame,
  placeOnPlate,
  type PieceShape,
} from '../../../src/stagers/engine/layout.js';
import { floorTopAt, pixelsPerMetre, type PlateGeometry } from '../../../src/stagers/engine/plates/geometry.js';

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

/** A piece seen from a corner: its base a V from the ends, at `back` of its height, to its nearest corner in the middle. */
function cornerView(aspect: number, back: number): PieceShape {
  const feet = Float32Array.from({ length: 41 }, (_, i) => 1 - ((1 - back) * Math.abs(i - 20)) / 20);
  return { ...flatPiece(aspect), floor: { feet, cut: false } };
}

describe('standing a piece in its slot on a plate', () => {
  it('makes a bed wider than a chair photographed at the same aspect', () => {
    expect(placeOnPlate(plate, 'bed', flatPiece(1.4)).w).toBeGreaterThan(
      placeOnPlate(plate, 'chair', flatPiece(1.4)).w * 1.5,
    );
  });

  it('makes a bookcase taller than a dresser', () => {
    expect(placeOnPlate(plate, 'bookcase', flatPiece(0.5)).h).toBeGreaterThan(
      placeOnPlate(plate, 'dresser', flatPiece(1.5)).h * 1.6,
    );
  });

  it('gives a dresser its real height: 0.85 m at the scale of the floor where it stands', () => {
    const box = placeOnPlate(plate, 'dresser', flatPiece(1.2));
    expect(box.h / pixelsPerMetre(plate, box.y + box.h)).toBeCloseTo(0.85, 2);
  });

  it('stands the piece with its front feet on its slot row and centred on the slot', () => {
    const box = placeOnPlate(plate, 'sofa', flatPiece(2.5));
    expect(box.y + box.h).toBeCloseTo(plate.slots.sofa.y, 5);
    expect(box.x + box.w / 2).toBeCloseTo(plate.slots.sofa.x, 5);
  });

  it('narrows a photo a little wider than such a piece gets to the widest it gets', () => {
    const box = placeOnPlate(plate, 'chair', flatPiece(1.2));
    expect(box.w / pixelsPerMetre(plate, box.y + box.h)).toBeCloseTo(0.85, 5);
  });

  it('keeps a piece within the width its slot leaves free', () => {
    const narrow = { ...plate, slots: { ...plate.slots, sofa: { ...plate.slots.sofa, maxWidthM: 1.8 } } };
    const box = placeOnPlate(narrow, 'sofa', flatPiece(4));
    expect(box.w / pixelsPerMetre(narrow, box.y + box.h)).toBeLessThanOrEqual(1.8 + 1e-9);
  });

  it('moves a corner view forward until its rear foot stands on the floor, not in the wall', () => {
    const box = placeOnPlate(plate, 'dresser', cornerView(1.3, 0.7));
    expect(box.y + box.h * 0.7).toBeGreaterThan(plate.floor.backY);
  });

  it.each(FURNITURE_TYPE_IDS)('keeps a %s inside the plate, standing below the back wall', (type) => {
    for (const aspect of [0.3, 1, 3]) {
      const box = placeOnPlate(plate, type, flatPiece(aspect));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(plate.width);
      expect(box.y + box.h).toBeLessThanOrEqual(plate.height);
      expect(box.y + box.h).toBeGreaterThan(plate.floor.backY);
    }
  });
});

/** modern-5's room: a camera turned 30° left, so the foot of the back wall falls from left to right. */
const cornerRoom: PlateGeometry = {
  ...plate,
  view: 'three-quarter',
  camera: { heightM: 1.35, horizonY: 313, focalPx: 1194.7, yawDeg: 30 },
  floor: {
    backY: 671.2,
    polygon: [
      [0, 1024],
      [0, 706.6],
      [428.3, 591],
      [1536, 769],
      [1536, 1024],
    ],
  },
  slots: { ...plate.slots, sofa: { x: 793.5, y: 761.9, maxWidthM: 2.5 } },
};

describe('standing a corner view in a room seen from a corner', () => {
  it('keeps every floor contact clear of a back wall that slopes across the frame', () => {
    const shape = cornerView(2.2, 0.75);
    const box = placeOnPlate(cornerRoom, 'sofa', shape);
    const feet = shape.floor.feet;
    for (let i = 0; i < feet.length; i++) {
      const x = box.x + ((i + 0.5) / feet.length) * box.w;
      expect(box.y + feet[i]! * box.h).toBeGreaterThanOrEqual(floorTopAt(cornerRoom, x));
    }
  });

  it('leaves a piece whose contacts are already on the floor with its nearest corner on the slot row', () => {
    const box = placeOnPlate(cornerRoom, 'sofa', cornerView(2.2, 0.95));
    expect(box.y + box.h).toBeCloseTo(cornerRoom.slots.sofa.y, 5);
  });
});

/** A piece the photo's bottom edge cut off: its body runs off the frame. */
function cutPiece(aspect: number): PieceShape {
  return { ...flatPiece(aspect), floor: { feet: new Float32Array([1, 1]), cut: true } };
}

describe('a piece cut off by its photo’s bottom edge', () => {
  it('is framed with its cut edge below the frame’s bottom edge, going on out of the picture', () => {
    const { piece, frame } = placeAndFrame(plate, 'sofa', cutPiece(2), { width: 1024, height: 683 });
    expect(frame.y + frame.h).toBeLessThanOrEqual(piece.y + piece.h);
    expect(frame.y + frame.h).toBeGreaterThan(piece.y + piece.h * 0.9);
  });

  it('is drawn as the part of its type’s height above the cut', () => {
    const { piece, frame } = placeAndFrame(plate, 'sofa', cutPiece(2), { width: 1024, height: 683 });
    expect(frame.y + frame.h).toBeLessThanOrEqual(piece.y + piece.h);
    const ground = piece.y + piece.h / 0.85;
    expect(piece.h / 0.85 / pixelsPerMetre(plate, ground)).toBeCloseTo(0.85, 1);
  });

  it('stands on its cut edge, whole, where the room cannot be framed close enough to hide the cut', () => {
    // A small plate: any frame above the cut would enlarge it past what an HD canvas can take.
    const small = plateGeometry({
      width: 600,
      height: 400,
      camera: { heightM: 1, horizonY: 150, focalPx: 500, yawDeg: 0 },
      floor: {
        backY: 250,
        polygon: [
          [0, 400],
          [0, 250],
          [600, 250],
          [600, 400],
        ],
      },
      slots: { ...plate.slots, sofa: { x: 300, y: 330, maxWidthM: 2.4 } },
    });
    const { piece, frame } = placeAndFrame(small, 'sofa', cutPiece(2), { width: 2048, height: 1365 });
    expect(piece.y + piece.h).toBeLessThan(frame.y + frame.h);
    expect(piece.h / pixelsPerMetre(small, piece.y + piece.h)).toBeCloseTo(0.85, 2);
  });
});

/** Two chairs and a side table photographed together: three parts, the chairs the tallest. */
function chairSet(aspect: number): PieceShape {
  return { ...flatPiece(aspect), parts: { count: 3, tallest: 0.95, widest: 0.3 } };
}

describe('a set of pieces photographed together', () => {
  it('gives the set’s tallest part its type’s real height', () => {
    const box = placeOnPlate(plate, 'chair', chairSet(2.4));
    expect((box.h * 0.95) / pixelsPerMetre(plate, box.y + box.h)).toBeCloseTo(0.9, 2);
  });

  it('keeps the pieces at their own size instead of narrowing the whole set to one chair’s width', () => {
    const box = placeOnPlate(plate, 'chair', chairSet(2.4));
    expect(box.w / pixelsPerMetre(plate, box.y + box.h)).toBeGreaterThan(2 * 0.85);
  });

  it('stands a set too wide for its type’s slot where the room leaves the most floor free', () => {
    const room = {
      ...plate,
      slots: {
        ...plate.slots,
        chair: { ...plate.slots.chair, x: 1000, maxWidthM: 1 },
        sofa: { ...plate.slots.sofa, x: 600, maxWidthM: 2.6 },
      },
    };
    const box = placeOnPlate(room, 'chair', chairSet(2.4));
    expect(box.x + box.w / 2).toBeCloseTo(600, 5);
    expect(box.y + box.h).toBeCloseTo(room.slots.sofa.y, 5);
  });

  it('takes a silhouette far wider than its type gets for pieces touching in the mask, at their own height', () => {
    const box = placeOnPlate(plate, 'chair', flatPiece(2.4));
    expect(box.h / pixelsPerMetre(plate, box.y + box.h)).toBeCloseTo(0.9, 2);
  });

  it('shrinks a set to the widest floor the room leaves free rather than overflow it', () => {
    const box = placeOnPlate(plate, 'chair', chairSet(5));
    const widest = Math.max(...Object.values(plate.slots).map((slot) => slot.maxWidthM));
    expect(box.w / pixelsPerMetre(plate, box.y + box.h)).toBeLessThanOrEqual(widest + 1e-9);
  });

  it('steps a set too wide for the picture back, keeping its real size, rather than shrinking it', () => {
    const narrow = { ...plate, width: 900, slots: { ...plate.slots, sofa: { ...plate.slots.sofa, x: 450 } } };
    const box = placeOnPlate(narrow, 'chair', chairSet(2.4));
    expect(box.y + box.h).toBeLessThan(narrow.slots.sofa.y);
    expect(box.w).toBeLessThanOrEqual(900 * 0.92 + 1e-6);
    expect((box.h * 0.95) / pixelsPerMetre(narrow, box.y + box.h)).toBeCloseTo(0.9, 2);
  });
});

describe('framing the result around the piece', () => {
  it.each(FURNITURE_TYPE_IDS)('frames a %s whole, inside the plate, at the canvas aspect', (type) => {
    for (const canvasAspect of [0.75, 1.5, 16 / 9]) {
      const box = placeOnPlate(plate, type, flatPiece(1.2));
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
    const box = placeOnPlate(plate, 'coffee', flatPiece(2.2));
    const frame = frameAround(plate, box, { width: 1024, height: 683 });
    expect(frame.h).toBeLessThan(plate.height);
    expect(box.h / frame.h).toBeGreaterThan(box.h / plate.height);
  });

  it('frames an HD canvas wider rather than enlarge the plate more than 1.8 times', () => {
    const box = placeOnPlate(plate, 'coffee', flatPiece(2.2));
    const frame = frameAround(plate, box, { width: 2048, height: 1365 });
    expect(1365 / frame.h).toBeLessThanOrEqual(1.8 + 1e-6);
  });
});

describe('filling the frame like a listing photo', () => {
  const canvases = { standard: { width: 1024, height: 683 }, hd: { width: 2048, height: 1365 } };

  it.each(FURNITURE_TYPE_IDS)('fills 55 to 75 percent of a standard frame on its binding side with a %s', (type) => {
    for (const aspect of [0.5, 1, 1.6, 2.6]) {
      const { piece, frame } = placeAndFrame(plate, type, flatPiece(aspect), canvases.standard);
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
      const { piece, frame } = placeAndFrame(plate, type, flatPiece(TYPICAL_ASPECT[type]), canvases.hd);
      expect(bindingFill(piece, frame)).toBeGreaterThanOrEqual(0.55);
      expect(bindingFill(piece, frame)).toBeLessThanOrEqual(0.75);
    },
  );

  it('keeps a chair smaller against the room than a sofa: the frame tightens on the chair instead', () => {
    const chair = placeAndFrame(plate, 'chair', flatPiece(1), canvases.standard);
    const sofa = placeAndFrame(plate, 'sofa', flatPiece(2.4), canvases.standard);
    expect(chair.frame.h).toBeLessThan(sofa.frame.h);
  });
});
