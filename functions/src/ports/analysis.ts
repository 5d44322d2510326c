/**
 * The PhotoAnalysis port: what the offline engine sees in a photo before anything is charged
 * (POST /api/stage/preview): whether it is a home good, the piece it would cut out, and the
 * furniture type it suggests. Implemented by the engine (stagers/engine/analysePhoto.ts) for both
 * stagers: with Photoroom staging, the preview is still the engine's.
 */
import type { SellerMark, StagePreview } from '@flipstage/core';

export type { SellerMark };

export interface PhotoAnalysis {
  analyse(image: Uint8Array, mark?: SellerMark): Promise<StagePreview>;
}
