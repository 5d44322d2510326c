import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, isDesignStyleId, isFurnitureTypeId } from '@flipstage/core';
import type { StageInput, StageOutput, Stager } from '../ports.js';
import { compose } from './compose.js';
import { decodePhoto } from './decode.js';
import { outputLongSide } from './limits.js';
import { lookFor } from './promptKeywords.js';
import { seedFor } from './seed.js';
import { findSubject } from './subject.js';

export const LOCAL_ENGINE_NAME = 'local';

/**
 * The offline staging engine (DESIGN §6): decode → find the piece (learned model and classical
 * backdrop model, or an honest refusal) → draw a room for the style and furniture type → stand the
 * piece on its floor contact at its type's size, shadowed and colour-matched. Deterministic: the
 * same input gives the same bytes.
 */
export function createLocalStager(): Stager {
  return {
    name: LOCAL_ENGINE_NAME,
    async stage(input: StageInput): Promise<StageOutput> {
      const photo = await decodePhoto(input.image);
      const subject = await findSubject(photo);
      const style = isDesignStyleId(input.style) ? input.style : DEFAULT_STYLE;
      const furnitureType = isFurnitureTypeId(input.furnitureType) ? input.furnitureType : DEFAULT_FURNITURE_TYPE;
      const seed = seedFor(input);
      const composed = await compose({
        photo,
        subject,
        look: lookFor(style, furnitureType, input.prompt),
        furnitureType,
        longSide: outputLongSide(input.size, Math.max(photo.width, photo.height)),
        seed,
      });
      return { ...composed, engine: LOCAL_ENGINE_NAME, seed };
    },
  };
}
