/**
 * The PhotoAnalysis port: what the offline engine sees in a photo before anything is charged
 * (POST /api/stage/preview): whether it is a home good, the piece it would cut out, and the
 * furniture type it suggests. Implemented by the engine (stagers/engine/analysePhoto.ts) for both
 * stagers: with Photoroom staging, the preview is still the engine's.
 */
import type { BrushMask, StagePreview, SubjectHint } from '@flipstage/core';

/** What the seller said about the photo: which piece (a tap or a box, brush strokes), and that it is furniture. */
export interface SellerMark {
  subject?: SubjectHint | undefined;
  strokes?: BrushMask | undefined;
  confirmedFurniture?: boolean | undefined;
}

export interface PhotoAnalysis {
  analyse(image: Uint8Array, mark?: SellerMark): Promise<StagePreview>;
}
