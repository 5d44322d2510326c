import { silhouetteFloor, type FloorContact } from './floorContact.js';
import { cropMask, subjectBounds } from './pieceCrop.js';
import type { PieceView } from './plates/choosePlate.js';
import type { SubjectMask } from './segment.js';

/** An arm of the floor line rising at least this much (rows per column, about 2.3°) recedes. */
const RECEDES = 0.04;
/** A lone slope must rise more (about 4°): a photo held a little askew tilts a front-on base too. */
const SLOPE_RECEDES = 0.07;
/** An arm shorter than this share of the silhouette's width is too short to read. */
const MIN_ARM = 0.12;
/** A lone slope runs along at least this share of the floor line. */
const SLOPE_SPAN = 0.5;
/** A V's corner this close to the middle of its floor line (a share of the line) is on neither side by position. */
const CENTRED = 0.05;
/** An arm bowing below its chord by more than this share of its rise is a curve (a round top's rim), not a straight edge. */
const MAX_BOW = 0.25;

interface Arm {
  /** Columns from the lowest point to the arm's end. */
  length: number;
  /** Rows per column the arm rises, in the photo's pixels. */
  slope: number;
  straight: boolean;
}

function arm(front: Float32Array, rows: number, apex: number, end: number): Arm {
  const length = Math.abs(end - apex);
  if (length === 0) return { length: 0, slope: 0, straight: true };
  const rise = (front[apex]! - front[end]!) * rows;
  let bow = 0;
  const step = Math.sign(end - apex);
  for (let x = apex; x !== end; x += step) {
    const chord = front[apex]! - ((front[apex]! - front[end]!) * (x - apex)) / (end - apex);
    bow = Math.max(bow, (front[x]! - chord) * rows);
  }
  return { length, slope: rise / length, straight: bow <= MAX_BOW * rise + 1 };
}

/**
 * How the piece was photographed, from its front floor line: seen square, the line is level (a
 * dresser's base, a table's front legs); seen from a corner, it meets the floor along a V (the
 * nearest corner lowest, both sides receding upwards towards the horizon) or, with one side
 * hidden, a slope rising away from the near corner. The near corner's side says which way the
 * room's camera must turn: a corner on the right is a room whose back wall recedes to the left.
 * A rim that curves up on both sides (a round top whose legs were lost, a tub chair) is no V.
 */
export function photoView(floor: FloorContact): PieceView {
  const { front, height } = floor;
  let first = -1;
  let last = -1;
  let apex = -1;
  for (let x = 0; x < front.length; x++) {
    if (Number.isNaN(front[x]!)) continue;
    if (first < 0) first = x;
    last = x;
    if (apex < 0 || front[x]! > front[apex]!) apex = x;
  }
  if (floor.cut || apex < 0) return { view: 'front' };
  const minArm = MIN_ARM * front.length;
  const leftArm = arm(front, height, apex, first);
  const rightArm = arm(front, height, apex, last);
  const recedes = (side: Arm, slope: number) => side.length >= minArm && side.straight && side.slope >= slope;
  const span = last - first;
  if (recedes(leftArm, RECEDES) && recedes(rightArm, RECEDES)) {
    // The side seen more obliquely is the shorter arm and the steeper; the length is the steadier cue.
    const off = (apex - (first + last) / 2) / span;
    const right = Math.abs(off) > CENTRED ? off > 0 : rightArm.slope > leftArm.slope;
    return { view: 'three-quarter', nearCorner: right ? 'right' : 'left' };
  }
  const alone = (side: Arm, other: Arm) =>
    recedes(side, SLOPE_RECEDES) && side.length >= SLOPE_SPAN * span && other.length < minArm;
  if (alone(leftArm, rightArm)) return { view: 'three-quarter', nearCorner: 'right' };
  if (alone(rightArm, leftArm)) return { view: 'three-quarter', nearCorner: 'left' };
  return { view: 'front' };
}

/** The viewpoint of the photo the piece was cut from. */
export function subjectView(subject: SubjectMask): PieceView {
  const bounds = subjectBounds(subject);
  return photoView(silhouetteFloor(cropMask(subject, bounds), bounds.y + bounds.h >= subject.height));
}
