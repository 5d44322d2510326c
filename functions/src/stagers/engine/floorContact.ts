import type { FloorContact } from './layout.js';
import type { SubjectMask } from './segment.js';

/**
 * Where the silhouette meets the floor. Each column's lowest point near the bottom of the piece is
 * a foot: the four legs of a table (the rear pair a little higher in the picture than the front
 * pair), the whole base of a dresser, the V of a dresser seen from a corner. Lowest points high up
 * (the underside of a table top, an armrest) are not on the floor.
 */
export interface SilhouetteFloor extends FloorContact {
  /** Per column of the mask: the foot's row as a fraction of the height, or NaN where the column does not reach the floor. */
  feet: Float32Array;
}

/** A column whose lowest point is above this share of the height does not reach the floor. */
const CONTACT_BAND = 0.25;

export function silhouetteFloor({ mask, width, height }: SubjectMask): SilhouetteFloor {
  const feet = new Float32Array(width).fill(Number.NaN);
  let back = 1;
  for (let x = 0; x < width; x++) {
    for (let y = height - 1; y >= 0; y--) {
      if (mask[y * width + x] !== 1) continue;
      const foot = (y + 1) / height;
      if (foot >= 1 - CONTACT_BAND) {
        feet[x] = foot;
        back = Math.min(back, foot);
      }
      break;
    }
  }
  return { back, feet };
}
