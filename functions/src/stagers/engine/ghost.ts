/**
 * A ghost: the model half-sees something (a glass table, a piece the colour of its wall, a shape
 * in clutter) and answers with a piece it is only half sure of, which stages as a see-through
 * cut-out. Where the model is sure, only the thin rim along the piece's edge is half-sure.
 */

/** Below this the model is not sure the pixel is the piece. */
const SURE = 0.9;

/** Share of the mask's pixels that the model is not sure of, 0–1 (1 for an empty mask). */
export function ghostShare(probability: Float32Array, mask: Uint8Array): number {
  let area = 0;
  let unsure = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== 1) continue;
    area++;
    if (probability[i]! < SURE) unsure++;
  }
  return area > 0 ? unsure / area : 1;
}
