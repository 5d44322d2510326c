/**
 * The Stager port: a furniture photo in, a staged room out. Implemented by the offline engine
 * and the Photoroom call under stagers/.
 */
import type {
  BrushMask,
  DesignStyleId,
  FurnitureTypeId,
  PromptMode,
  StageProgress,
  SubjectHint,
} from '@flipstage/core';

/** Standard output is at most 1024 px on the long side, HD at most 2048 px (DESIGN §6). */
export type OutputSize = 'standard' | 'hd';

export interface StageInput {
  /**
   * The photo, in any format the engine reads. From the staging service it is the upload prepared
   * at its door (ports/images.ts PreparedImage): upright, 8-bit colour and stripped, either an
   * upright JPEG as uploaded or decoded pixels. Neither stager orients or strips an upload again,
   * and each decodes only the sizes it needs.
   */
  image: Uint8Array;
  prompt: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
  size: OutputSize;
  /**
   * Which of the style's ranked rooms (plates) to stand the piece in: 0 the best fit for the
   * type and prompt, 1 the next ("Try another room"). A stager without rooms of its own still
   * draws a different result for each variant.
   */
  variant: number;
  /**
   * When the answer must be back (epoch ms), retries included: Hosting cuts a rewritten request
   * at 60 s, so a stager that calls out stops trying before then and the credit is refunded.
   */
  deadline?: number;
  /**
   * Which piece the seller means, marked on the photo in the studio or given per photo in the
   * CLI's manifest: the engine segments inside it, Photoroom is sent the box's crop.
   */
  subject?: SubjectHint | undefined;
  /** What the seller painted to keep or drop: hard constraints of the piece's outline. */
  strokes?: BrushMask | undefined;
  /** The seller said it is furniture after a "not furniture" verdict: the classifier does not veto it. */
  confirmedFurniture?: boolean | undefined;
  /**
   * Told as each of the stager's phases starts (its own steps only: the service adds saving), so
   * the studio shows the staging's real progress. It must not throw, and the stager never waits on it.
   */
  onProgress?: ((progress: StageProgress) => void) | undefined;
}

export interface StageOutput {
  jpeg: Uint8Array;
  width: number;
  height: number;
  engine: string;
  seed: number;
  /** The prompt's words the room was chosen by ("brick", "fireplace"); empty when none applied. */
  matched?: string[];
}

export interface Stager {
  readonly name: string;
  stage(input: StageInput): Promise<StageOutput>;
}

/**
 * `no-subject`: the engine found no piece to cut out; the seller needs another photo, not a retry.
 * `not-furniture`: the photo's subject is not a home good (an animal, a car, food); nothing is charged.
 * `unsure-subject`: a piece may be there but the mask is a ghost; the seller marks it and tries again.
 * `engine-failed`: the offline engine's worker thread died or ran past the deadline on this photo; a retry may succeed.
 */
export type StagingErrorKind =
  | 'unsupported-image'
  | 'image-too-large'
  | 'no-subject'
  | 'not-furniture'
  | 'unsure-subject'
  | 'provider-unavailable'
  | 'provider-rejected'
  | 'engine-failed';

/** A staging failure the caller can act on; the message is safe to show to users. */
export class StagingError extends Error {
  constructor(
    readonly kind: StagingErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StagingError';
  }
}
