import type { SubjectMask } from './segment.js';

/**
 * Where the silhouette meets the floor, read from its lower edge (the lowest piece pixel of each
 * column). The piece rests on the floor along its front floor line, the lower convex hull of that
 * edge walked out from its lowest point: the two front legs of a table, the whole base of a
 * dresser, the V of a dresser seen from a corner. Behind that line, a leg ending well below the
 * piece around it is a rear foot (a table's back legs). Everything else on the lower edge is in
 * the air: a seat's underside between the legs, an armrest, a stretcher.
 */
export interface FloorContact {
  /** Per column of the silhouette: its floor contact's row as a share of the height, NaN where the column does not touch the floor. */
  feet: Float32Array;
  /** Per column: the front floor line's row as a share of the height, NaN outside its span. */
  front: Float32Array;
  /** The highest floor contact (a corner view's rear corners, a table's back legs); 1 for a piece standing on its bottom row alone. */
  back: number;
  /** The silhouette's height in pixels, so that slopes of the floor line can be read in the photo's own proportions. */
  height: number;
  /** The photo's bottom edge cuts the piece: its floor contacts are below the frame, unseen; its feet are the cut edge, should it have to stand on it. */
  cut: boolean;
}

/**
 * A floor line steeper than this (rows per column, 45°) is the silhouette's side, not a line on
 * the floor; a chair's or a bed's side seen from a corner and above recedes at up to about 40°.
 */
const MAX_FLOOR_SLOPE = 1;
/** Lower edge within this share of the height of the front line touches the floor (a base's small bumps, antialiasing). */
const ON_LINE = 0.012;
/** A rear foot ends at least this share of the height below the piece on both sides of it. */
const FOOT_PROMINENCE = 0.03;
/** Floor contacts stand at most this share of the height above the lowest one (a bed's far corner, seen from a corner and above). */
const REAR_REACH = 0.5;
/** The bottom row covered over this share of the piece's width: the photo's frame cut the piece's body. */
const CUT_SHARE = 0.2;

/** The lowest piece pixel of each column, in rows counted from the top (its bottom edge, so a full column gives the height); NaN for an empty column. */
function lowerEdge({ mask, width, height }: SubjectMask): Float32Array {
  const edge = new Float32Array(width).fill(Number.NaN);
  for (let x = 0; x < width; x++) {
    for (let y = height - 1; y >= 0; y--) {
      if (mask[y * width + x] !== 1) continue;
      edge[x] = y + 1;
      break;
    }
  }
  return edge;
}

/** The lower convex hull of the edge's points (monotone chain), as column indices. */
function lowerHull(edge: Float32Array): number[] {
  const hull: number[] = [];
  // b at or above the line from a to c (rows grow downwards) is not on the lower hull.
  const cross = (a: number, b: number, c: number) => (b - a) * (edge[c]! - edge[a]!) - (edge[b]! - edge[a]!) * (c - a);
  for (let x = 0; x < edge.length; x++) {
    if (Number.isNaN(edge[x]!)) continue;
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, x) >= 0) hull.pop();
    hull.push(x);
  }
  return hull;
}

/**
 * The front floor line: the hull's vertices from its lowest point outwards, as long as each
 * segment is shallow enough to lie on the floor and reaches no higher than a far corner can.
 * Per column, NaN outside it.
 */
function frontLine(edge: Float32Array, hull: number[], height: number): Float32Array {
  const line = new Float32Array(edge.length).fill(Number.NaN);
  if (hull.length === 0) return line;
  let lowest = 0;
  for (let i = 1; i < hull.length; i++) if (edge[hull[i]!]! > edge[hull[lowest]!]!) lowest = i;
  const highest = edge[hull[lowest]!]! - REAR_REACH * height;
  const shallow = (a: number, b: number) =>
    Math.abs(edge[b]! - edge[a]!) <= MAX_FLOOR_SLOPE * Math.abs(b - a) && Math.min(edge[a]!, edge[b]!) >= highest;
  let first = lowest;
  while (first > 0 && shallow(hull[first - 1]!, hull[first]!)) first--;
  let last = lowest;
  while (last < hull.length - 1 && shallow(hull[last]!, hull[last + 1]!)) last++;
  line[hull[first]!] = edge[hull[first]!]!;
  for (let i = first; i < last; i++) {
    const a = hull[i]!;
    const b = hull[i + 1]!;
    for (let x = a; x <= b; x++) line[x] = edge[a]! + ((edge[b]! - edge[a]!) * (x - a)) / (b - a);
  }
  return line;
}

/**
 * How far the lower edge at x ends below the piece on each side before the edge goes lower
 * still: the topographic prominence of a leg's end, rows. Leaving the silhouette (an empty
 * column or its side) counts as a drop: nothing stands lower there.
 */
function prominence(edge: Float32Array, x: number): number {
  const foot = edge[x]!;
  const side = (step: number) => {
    let highest = foot;
    for (let i = x + step; i >= 0 && i < edge.length; i += step) {
      const e = edge[i]!;
      if (Number.isNaN(e)) return Infinity;
      if (e > foot) return foot - highest;
      highest = Math.min(highest, e);
    }
    return Infinity;
  };
  return Math.min(side(-1), side(1));
}

/**
 * The floor contacts of a silhouette cropped from the photo; `atPhotoBottom` when the crop's
 * bottom row is the photo's, so the frame may have cut the piece.
 */
export function silhouetteFloor(subject: SubjectMask, atPhotoBottom = false): FloorContact {
  const { width, height } = subject;
  const feet = new Float32Array(width).fill(Number.NaN);
  const edge = lowerEdge(subject);
  let occupied = 0;
  for (let x = 0; x < width; x++) if (!Number.isNaN(edge[x]!)) occupied++;
  // The last two rows: the cut-out's edge may stop a pixel short of the frame.
  const atCut = (x: number) => edge[x]! >= height - 1;
  let covered = 0;
  for (let x = 0; x < width; x++) if (atCut(x)) covered++;
  if (atPhotoBottom && occupied > 0 && covered > occupied * CUT_SHARE) {
    for (let x = 0; x < width; x++) if (atCut(x)) feet[x] = 1;
    return { feet, front: feet.slice(), back: 1, height, cut: true };
  }
  const line = frontLine(edge, lowerHull(edge), height);
  const tolerance = Math.max(1, ON_LINE * height);
  let lowest = 0;
  for (let x = 0; x < width; x++) {
    if (!Number.isNaN(line[x]!)) lowest = Math.max(lowest, line[x]!);
    if (!Number.isNaN(line[x]!) && edge[x]! >= line[x]! - tolerance) feet[x] = edge[x]!;
  }
  const minProminence = Math.max(2, FOOT_PROMINENCE * height);
  for (let x = 0; x < width; x++) {
    const e = edge[x]!;
    if (Number.isNaN(e) || !Number.isNaN(feet[x]!) || e < lowest - REAR_REACH * height) continue;
    if (prominence(edge, x) < minProminence) continue;
    // The leg's whole end, not only its lowest column.
    for (let i = x; i >= 0 && edge[i]! >= e - tolerance; i--) feet[i] = edge[i]!;
    for (let i = x + 1; i < width && edge[i]! >= e - tolerance; i++) feet[i] = edge[i]!;
  }
  let back = 1;
  const front = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    feet[x] = feet[x]! / height;
    front[x] = line[x]! / height;
    if (!Number.isNaN(feet[x]!)) back = Math.min(back, feet[x]!);
  }
  return { feet, front, back, height, cut: false };
}
