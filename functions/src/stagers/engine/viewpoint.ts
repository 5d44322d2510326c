import { silhouetteFloor, type SilhouetteFloor } from './floorContact.js';
import { cropMask, subjectBounds } from './pieceCrop.js';
import type { SubjectMask } from './segment.js';

/** How the piece was photographed: square to its front, or from a corner. */
export type PhotoView = 'front' | 'three-quarter';

/** Floor contacts this much higher (as a share of the piece's height) at an end read as receding. */
const RECEDES = 0.04;
/** Share of the contact columns averaged at each end. */
const END_SHARE = 0.12;

/**
 * A piece photographed from a corner meets the floor along a V or a slope: its nearest corner
 * lowest in the picture, its sides receding upwards towards the horizon. Seen square, its feet
 * share one row (a table's rear legs, higher, stand between the front ones, not at the ends).
 */
export function photoView(floor: SilhouetteFloor): PhotoView {
  const feet = [...floor.feet].filter((foot) => !Number.isNaN(foot));
  if (feet.length < 8) return 'front';
  const ends = Math.max(2, Math.round(feet.length * END_SHARE));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const left = mean(feet.slice(0, ends));
  const right = mean(feet.slice(-ends));
  const lowest = Math.max(...feet);
  const lowestAt = feet.indexOf(lowest) / (feet.length - 1);
  const corner = lowestAt > 0.15 && lowestAt < 0.85 && lowest - left > RECEDES && lowest - right > RECEDES;
  const slope = Math.abs(left - right) > RECEDES * 1.5 && (lowestAt <= 0.15 || lowestAt >= 0.85);
  return corner || slope ? 'three-quarter' : 'front';
}

/** The viewpoint of the photo the piece was cut from. */
export function subjectView(subject: SubjectMask): PhotoView {
  return photoView(silhouetteFloor(cropMask(subject, subjectBounds(subject))));
}
