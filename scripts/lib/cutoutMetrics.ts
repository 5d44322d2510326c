/**
 * What scripts/engine-eval.ts measures on a drawn fixture's cut-out besides mask IoU: how much of
 * the backdrop seen through the piece's openings is removed, and how wide a rim of the old
 * backdrop the cut-out brings along when it stands on a light or a dark wall.
 */
import sharp from 'sharp';
import { decontaminateEdges } from '../../functions/src/stagers/engine/matte.js';
import { distanceTo } from '../../functions/src/stagers/engine/morphology.js';
import { fixtureSvgs, openingPixels, type FurnitureFixture } from '../../functions/test/fixtures/furnitureFixtures.js';

/** Backdrop pixels inside the piece's openings, and how many of them the matte (thresholded at half) removed. */
/** Intersection over union of a matte (thresholded at half) and a 0/1 truth mask of the same size. */
export function matteIoU(matte: Uint8Array, truth: Uint8Array): number {
  let intersection = 0;
  let union = 0;
  for (let p = 0; p < truth.length; p++) {
    const predicted = matte[p]! >= 128;
    const inside = truth[p] === 1;
    if (predicted && inside) intersection++;
    if (predicted || inside) union++;
  }
  return union === 0 ? 1 : intersection / union;
}

export function openingsRemoved(fixture: FurnitureFixture, matte: Uint8Array): { openings: number; removed: number } {
  const openings = openingPixels(fixture.mask, fixture.width, fixture.height);
  let count = 0;
  let removed = 0;
  for (let p = 0; p < openings.length; p++) {
    if (openings[p] !== 1) continue;
    count++;
    if (matte[p]! < 128) removed++;
  }
  return { openings: count, removed };
}

/** A pixel of the composite this far from the ideal one (any channel, 0–255) is visibly wrong. */
const VISIBLE = 32;
/** Only errors this close to the piece's true edge count as its rim. */
const RIM_REACH = 10;

/** The halo on one wall: its mean width along the piece's edge, and how far out the worst 5 % of it reaches. */
export interface Halo {
  /** Visibly wrong pixels near the edge per pixel of edge length: a rim's width in pixels. */
  width: number;
  /** 95th percentile of the wrong pixels' distance from the true edge: lumps of old backdrop show here. */
  reach: number;
}

/**
 * The halo on a wall of `wall` colour: the cut-out (matte plus edge colours unmixed as
 * compose.ts does) and the drawn piece alone are each laid on the wall, and the visibly wrong
 * pixels within RIM_REACH of the piece's true edge are counted and measured by their distance from it.
 */
export async function haloOn(fixture: FurnitureFixture, matte: Uint8Array, wall: [number, number, number]): Promise<Halo> {
  const { width, height } = fixture;
  const n = width * height;
  const photo = await sharp(fixture.jpeg).removeAlpha().raw().toBuffer();
  const rgba = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    rgba.set(photo.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = matte[i]!;
  }
  decontaminateEdges(rgba, matte, width, height, 4);
  const ideal = await sharp(Buffer.from(fixtureSvgs(fixture.spec, width, height).piece)).ensureAlpha().raw().toBuffer();
  const outside = distanceTo(fixture.mask, width, height, 1);
  const inside = distanceTo(fixture.mask, width, height, 0);
  const distances: number[] = [];
  let edge = 0;
  for (let i = 0; i < n; i++) {
    if (outside[i] === 1) edge++;
    const fromEdge = fixture.mask[i] === 1 ? inside[i]! - 1 : outside[i]!;
    if (fromEdge > RIM_REACH) continue;
    const a = rgba[i * 4 + 3]! / 255;
    const ia = ideal[i * 4 + 3]! / 255;
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const ours = rgba[i * 4 + c]! * a + wall[c]! * (1 - a);
      const truth = ideal[i * 4 + c]! * ia + wall[c]! * (1 - ia);
      worst = Math.max(worst, Math.abs(ours - truth));
    }
    if (worst > VISIBLE) distances.push(fromEdge);
  }
  distances.sort((a, b) => a - b);
  return { width: distances.length / Math.max(1, edge), reach: distances[Math.floor(distances.length * 0.95)] ?? 0 };
}
