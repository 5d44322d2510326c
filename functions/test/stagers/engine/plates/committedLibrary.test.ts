/**
 * The committed room plates (docs/plates.md): every style has enough of them, every geometry file
 * agrees with its JPEG and describes places a piece can really stand, and the whole library stays
 * small enough to deploy with the function.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildAutoPrompt, DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS } from '@flipstage/core';
import { plateGeometrySchema, type PlateGeometry } from '../../../../src/stagers/engine/plates/geometry.js';
import { choosePlate } from '../../../../src/stagers/engine/plates/choosePlate.js';
import { loadPlatePixels, loadPlates, platesDirectory } from '../../../../src/stagers/engine/plates/library.js';

const dir = platesDirectory();
const files = existsSync(dir) ? readdirSync(dir).sort() : [];
const geometryFiles = files.filter((name) => name.endsWith('.json'));
const BUDGET_BYTES = 40 * 1000 * 1000;

function inside(plate: PlateGeometry, [x, y]: readonly [number, number]): boolean {
  return x >= 0 && x <= plate.width && y >= 0 && y <= plate.height;
}

/** Even–odd ray casting: whether (x, y) lies inside the polygon. */
function inPolygon(polygon: readonly (readonly [number, number])[], [x, y]: readonly [number, number]): boolean {
  let crossings = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) crossings += 1;
  }
  return crossings % 2 === 1;
}

describe('the room plate library', () => {
  it('is in functions/assets/plates', () => {
    expect(existsSync(dir), `${dir} is missing`).toBe(true);
  });

  it.each(DESIGN_STYLE_IDS)('has at least 8 plates for the %s style, one seen at three-quarters', async (style) => {
    const plates = (await loadPlates()).filter((plate) => plate.style === style);
    expect(plates.length).toBeGreaterThanOrEqual(8);
    expect(plates.some((plate) => plate.view === 'three-quarter')).toBe(true);
  });

  it.each(DESIGN_STYLE_IDS)('answers “exposed brick and a fireplace” in the %s style with a room that has both', async (style) => {
    const choice = choosePlate(await loadPlates(), {
      style,
      furnitureType: 'sofa',
      prompt: 'a sofa against exposed brick, by the fireplace',
      variant: 0,
    });
    expect(choice.matched).toEqual(['brick', 'fireplace']);
  });

  it.each(DESIGN_STYLE_IDS)('stands a piece photographed from a corner in a three-quarter %s room', async (style) => {
    const { plate } = choosePlate(await loadPlates(), {
      style,
      furnitureType: 'dresser',
      prompt: buildAutoPrompt(style, 'dresser'),
      variant: 0,
      view: 'three-quarter',
    });
    expect(plate.view).toBe('three-quarter');
  });

  it('fits the 40 MB budget', () => {
    const total = files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('decodes a plate to raw RGB at its own size', async () => {
    const [plate] = await loadPlates();
    const pixels = await loadPlatePixels(plate!.id);
    expect([pixels.width, pixels.height, pixels.rgb.length]).toEqual([
      plate!.width,
      plate!.height,
      plate!.width * plate!.height * 3,
    ]);
  });
});

describe.each(geometryFiles)('the plate %s', (file) => {
  const read = async () => {
    const parsed = plateGeometrySchema.safeParse(JSON.parse(await readFile(join(dir, file), 'utf8')));
    const issues = parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues, `${file} is invalid`).toBeUndefined();
    return parsed.data!;
  };

  it('is valid geometry, named after its id', async () => {
    expect(`${(await read()).id}.json`).toBe(file);
  });

  it('has the size of its JPEG', async () => {
    const plate = await read();
    const meta = await sharp(join(dir, `${plate.id}.jpg`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', plate.width, plate.height]);
  });

  it('has every slot on the floor inside the image, below the horizon', async () => {
    const plate = await read();
    for (const type of FURNITURE_TYPE_IDS) {
      const slot = plate.slots[type];
      expect(inside(plate, [slot.x, slot.y]), `${type} slot (${slot.x}, ${slot.y})`).toBe(true);
      expect(slot.y, `${type} slot row`).toBeGreaterThan(plate.camera.horizonY);
    }
  });

  it('has every slot on its visible floor, in front of the back wall', async () => {
    const plate = await read();
    for (const type of FURNITURE_TYPE_IDS) {
      const { x, y } = plate.slots[type];
      expect(inPolygon(plate.floor.polygon, [x, y]), `${type} slot (${x}, ${y})`).toBe(true);
      expect(y, `${type} slot row`).toBeGreaterThan(plate.floor.backY);
    }
  });

  it('has its floor polygon inside the image', async () => {
    const plate = await read();
    expect(plate.floor.polygon.filter((point) => !inside(plate, point))).toEqual([]);
  });

  it('has its occluders as PNGs with alpha, inside the image', async () => {
    const plate = await read();
    for (const occluder of plate.occluders ?? []) {
      const path = join(dir, occluder.image);
      expect(existsSync(path), `${occluder.image} is missing`).toBe(true);
      const meta = await sharp(path).metadata();
      expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
      expect(
        inside(plate, [occluder.x, occluder.y]) && inside(plate, [occluder.x + meta.width, occluder.y + meta.height]),
      ).toBe(true);
    }
  });
});
