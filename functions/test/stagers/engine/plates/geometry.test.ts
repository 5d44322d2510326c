import { describe, expect, it } from 'vitest';
import { plateGeometry } from '../../../fixtures/plateGeometry.js';
import {
  cropGeometry,
  floorTopAt,
  pixelsPerMetre,
  plateGeometrySchema,
} from '../../../../src/stagers/engine/plates/geometry.js';

function refusal(json: unknown): string {
  const result = plateGeometrySchema.safeParse(json);
  if (result.success) throw new Error('the schema accepted it');
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

describe('the plate geometry schema', () => {
  it('accepts the example of docs/plates.md', () => {
    expect(plateGeometrySchema.parse(plateGeometry())).toEqual(plateGeometry());
  });

  it('accepts a plate without occluders', () => {
    const { occluders: _, ...plate } = plateGeometry();
    expect(plateGeometrySchema.safeParse(plate).success).toBe(true);
  });

  it('refuses a plate missing a furniture type’s slot, naming it', () => {
    const plate = plateGeometry();
    const { desk: _, ...slots } = plate.slots;
    expect(refusal({ ...plate, slots })).toMatch(/^slots\.desk: /);
  });

  it('refuses a slot whose width is not a number, naming the field', () => {
    const plate = plateGeometry();
    const slots = { ...plate.slots, bed: { ...plate.slots.bed, maxWidthM: '2.3' } };
    expect(refusal({ ...plate, slots })).toMatch(/^slots\.bed\.maxWidthM: /);
  });

  it('refuses an unknown tag, room or style, and a misspelt field', () => {
    expect(refusal({ ...plateGeometry(), tags: ['rug', 'piano'] })).toMatch(/^tags\.1: /);
    expect(refusal({ ...plateGeometry(), room: 'kitchen' })).toMatch(/^room: /);
    expect(refusal({ ...plateGeometry(), style: 'gothic', id: 'gothic-1' })).toMatch(/^style: /);
    const { camera, ...rest } = plateGeometry();
    expect(refusal({ ...rest, camera: { ...camera, horizon: 400 } })).toMatch(/^camera: .*horizon/);
  });

  it('refuses an id that does not follow <style>-<n> or belongs to another style', () => {
    expect(refusal(plateGeometry({ id: 'coastal-0' }))).toMatch(/^id: /);
    expect(refusal(plateGeometry({ id: 'modern-1' }))).toMatch(/^id: .*style/);
  });

  it('refuses a light direction that is not a unit vector, a colour that is not hex and an unknown side', () => {
    const { light } = plateGeometry();
    expect(refusal(plateGeometry({ light: { ...light, direction: [3, 4] } }))).toMatch(/^light\.direction: .*unit/);
    expect(refusal(plateGeometry({ light: { ...light, colour: 'warm' } }))).toMatch(/^light\.colour: /);
    expect(refusal({ ...plateGeometry(), light: { ...light, side: 'above' } })).toMatch(/^light\.side: /);
  });

  it('accepts a camera turned to three-quarters, and refuses a view that disagrees with its yaw', () => {
    const turned = plateGeometry({
      camera: { heightM: 1.35, horizonY: 313, focalPx: 1194.7, yawDeg: -30 },
      view: 'three-quarter',
    });
    expect(plateGeometrySchema.safeParse(turned).success).toBe(true);
    expect(refusal({ ...turned, view: 'front' })).toMatch(/^view: /);
    expect(refusal(plateGeometry({ view: 'three-quarter' }))).toMatch(/^view: /);
  });

  it('refuses a camera height no photographer shoots a room from, and a repeated tag', () => {
    const { camera } = plateGeometry();
    expect(refusal(plateGeometry({ camera: { ...camera, heightM: 3 } }))).toMatch(/^camera\.heightM: /);
    expect(refusal(plateGeometry({ tags: ['brick', 'brick'] }))).toMatch(/^tags: .*repeat/);
  });

  it('refuses an occluder image that reaches outside the plates directory', () => {
    const occluders = [{ image: '../secret.png', x: 0, y: 0 }];
    expect(refusal(plateGeometry({ occluders }))).toMatch(/^occluders\.0\.image: /);
  });
});

describe('the floor scale of a level camera', () => {
  it('is zero on the horizon and grows linearly below it', () => {
    const plate = plateGeometry();
    expect(pixelsPerMetre(plate, 430)).toBe(0);
    // 1.2 m camera: a row 600 px below the horizon shows the floor at 500 px per metre.
    expect(pixelsPerMetre(plate, 1030)).toBeCloseTo(500);
    expect(pixelsPerMetre(plate, 730)).toBeCloseTo(250);
  });
});

describe('the foot of the wall behind the floor', () => {
  it('is the floor’s back edge, level, in a room seen front-on', () => {
    expect(floorTopAt(plateGeometry(), 300)).toBe(640);
  });

  it('follows the back wall down across the frame, and the side wall up, in a room seen from a corner', () => {
    const corner = plateGeometry({
      floor: {
        backY: 671,
        polygon: [
          [0, 1024],
          [0, 706],
          [428, 591],
          [1536, 769],
          [1536, 1024],
        ],
      },
    });
    expect(floorTopAt(corner, 214)).toBeCloseTo(648.5, 5);
    expect(floorTopAt(corner, 428)).toBeCloseTo(591, 5);
    expect(floorTopAt(corner, 982)).toBeCloseTo(680, 5);
  });
});

describe('the geometry of a crop of the plate', () => {
  const plate = plateGeometry();
  const region = { x: 256, y: 100, w: 1024, h: 768 };
  const crop = cropGeometry(plate, region, 0.5);

  it('is the size of the scaled region', () => {
    expect([crop.width, crop.height]).toEqual([512, 384]);
  });

  it('moves every row, column, polygon point, slot and occluder into the canvas', () => {
    expect(crop.camera.horizonY).toBe(165);
    expect(crop.floor.backY).toBe(256);
    expect(crop.floor.polygon[1]).toEqual([-128, 270]);
    expect(crop.slots.bed).toEqual({
      x: (plate.slots.bed.x - 256) / 2,
      y: (plate.slots.bed.y - 100) / 2,
      maxWidthM: plate.slots.bed.maxWidthM,
    });
    expect(crop.occluders).toEqual([{ image: 'coastal-1.occluder-0.png', x: -128, y: 295 }]);
  });

  it('keeps the camera height and scales the focal length', () => {
    expect(crop.camera.heightM).toBe(1.2);
    expect(crop.camera.focalPx).toBe(590);
  });

  it('keeps the floor scale consistent: the same floor row, scaled', () => {
    const row = 900;
    expect(pixelsPerMetre(crop, (row - region.y) * 0.5)).toBeCloseTo(pixelsPerMetre(plate, row) * 0.5);
  });

  it('leaves the plate it was given untouched, and adds no occluders to a plate without them', () => {
    expect(plate).toEqual(plateGeometry());
    const { occluders: _, ...bare } = plate;
    expect(cropGeometry(bare, region, 1)).not.toHaveProperty('occluders');
  });
});
