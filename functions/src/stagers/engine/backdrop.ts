import { rgbToLab } from './lab.js';

/** Neighbours this far apart are compared: far enough to see texture through the analysis blur. */
const STEP = 2;
/** A colour step smaller than this between neighbours is smooth backdrop (a sweep, a gradient, a shadow's edge). */
const SMOOTH_DELTA_E = 4;

/**
 * Share of the frame's outer band that is smooth: near 1 for a studio sweep, a painted wall or
 * a vignette; well below for a garage, a shelf or patterned cloth. The border is where the
 * backdrop shows, so it says whether the classical backdrop model can be trusted there.
 */
export function backdropSmoothness(rgb: Uint8Array, width: number, height: number): number {
  const lab = rgbToLab(rgb, width * height);
  const band = Math.max(STEP + 1, Math.round(Math.min(width, height) * 0.04));
  let smooth = 0;
  let total = 0;
  for (let y = 0; y < height - STEP; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width - STEP; x++) {
      if (!edgeRow && x >= band && x < width - band) continue;
      const p = y * width + x;
      let worst = 0;
      for (const q of [p + STEP, p + STEP * width]) {
        const dl = lab.L[p]! - lab.L[q]!;
        const da = lab.A[p]! - lab.A[q]!;
        const db = lab.B[p]! - lab.B[q]!;
        worst = Math.max(worst, dl * dl + da * da + db * db);
      }
      total++;
      if (worst < SMOOTH_DELTA_E * SMOOTH_DELTA_E) smooth++;
    }
  }
  return total > 0 ? smooth / total : 0;
}
