import { isSetMate, labelComponents, partBoxes } from './regions.js';

/** Why a mask cannot be the piece; `null` when it can. */
export type MaskProblem = 'too-small' | 'too-large' | 'touches-three-sides' | 'fragmented' | null;

/** Less than this share of the frame is a speck (a leaf, a knob), not a piece a seller photographed. */
export const MIN_COVERAGE = 0.01;
/** More than this is the whole photo, background and all. */
export const MAX_COVERAGE = 0.88;
/** A side is touched when the mask runs along this share of it: a leg cut off by the frame is fine, a wall of clutter is not. */
const SIDE_RUN_SHARE = 0.12;
/** The largest piece (with its set mates) must carry this share of the mask, else the mask is scattered background. */
const MIN_MAIN_SHARE = 0.6;

export interface MaskReport {
  coverage: number;
  sidesTouched: number;
  mainShare: number;
  problem: MaskProblem;
}

function sideRuns(mask: Uint8Array, width: number, height: number): number[] {
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let x = 0; x < width; x++) {
    top += mask[x]!;
    bottom += mask[(height - 1) * width + x]!;
  }
  for (let y = 0; y < height; y++) {
    left += mask[y * width]!;
    right += mask[y * width + width - 1]!;
  }
  return [top / width, bottom / width, left / height, right / height];
}

/** Area of the largest part together with its set mates (two matching chairs are one subject). */
function mainArea(mask: Uint8Array, width: number): number {
  const { labels, areas } = labelComponents(mask, width);
  const boxes = partBoxes(labels, areas, width);
  let largest = 0;
  for (let label = 1; label < areas.length; label++) if (areas[label]! > (areas[largest] ?? 0)) largest = label;
  if (largest === 0) return 0;
  let area = 0;
  for (let label = 1; label < areas.length; label++) if (label === largest || isSetMate(boxes[largest]!, boxes[label]!)) area += areas[label]!;
  return area;
}

/** Measures a 0/1 mask against what a photographed piece looks like (DESIGN §6: refuse honestly). */
export function checkMask(mask: Uint8Array, width: number, height: number): MaskReport {
  let area = 0;
  for (let i = 0; i < mask.length; i++) area += mask[i]!;
  const coverage = area / mask.length;
  const sidesTouched = sideRuns(mask, width, height).filter((run) => run >= SIDE_RUN_SHARE).length;
  const mainShare = area > 0 ? mainArea(mask, width) / area : 0;
  let problem: MaskProblem = null;
  if (coverage < MIN_COVERAGE) problem = 'too-small';
  else if (coverage > MAX_COVERAGE) problem = 'too-large';
  else if (sidesTouched >= 3) problem = 'touches-three-sides';
  else if (mainShare < MIN_MAIN_SHARE) problem = 'fragmented';
  return { coverage, sidesTouched, mainShare, problem };
}
