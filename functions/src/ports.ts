/**
 * The backend's ports (DESIGN §1). Services depend on these interfaces only; adapters under
 * adapters/local and adapters/firebase implement them.
 */
import type { DesignStyleId, FurnitureTypeId, PromptMode } from '@flipstage/core';

/** Standard output is at most 1024 px on the long side, HD at most 2048 px (DESIGN §6). */
export type OutputSize = 'standard' | 'hd';

export interface StageInput {
  image: Uint8Array;
  prompt: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
  size: OutputSize;
}

export interface StageOutput {
  jpeg: Uint8Array;
  width: number;
  height: number;
  engine: string;
  seed: number;
}

export interface Stager {
  readonly name: string;
  stage(input: StageInput): Promise<StageOutput>;
}

export type StagingErrorKind = 'unsupported-image' | 'image-too-large' | 'provider-unavailable' | 'provider-rejected';

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
