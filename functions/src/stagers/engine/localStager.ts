import sharp from 'sharp';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, isDesignStyleId, isFurnitureTypeId } from '@flipstage/core';
import type { StageInput, StageOutput, Stager } from '../../ports/stager.js';
import { compose } from './compose.js';
import { decodePhoto } from './decode.js';
import { LOCAL_ENGINE_NAME } from './engineName.js';
import { outputLongSide } from './limits.js';
import { choosePlate, colourGrade } from './plates/choosePlate.js';
import { loadPlates } from './plates/library.js';
import { seedFor } from '../seed.js';
import { findSubject } from './subject.js';

export { LOCAL_ENGINE_NAME };

/**
 * The offline staging engine (DESIGN §6): decode → find the piece (learned model and classical
 * backdrop model, or an honest refusal) → choose a rendered room plate by style, furniture type,
 * prompt and variant (docs/plates.md) → stand the piece in the plate's slot for its type at its
 * real size, shadowed from the plate's light and colour-matched. Deterministic: the same input
 * gives the same bytes.
 */
export function createLocalStager(): Stager {
  // libvips keeps recent operations' results for reuse (up to 50 MB); staging never repeats one,
  // and the local host's memory budget (1 GiB at two stagings at once) is better spent staging.
  sharp.cache(false);
  return {
    name: LOCAL_ENGINE_NAME,
    async stage(input: StageInput): Promise<StageOutput> {
      const [photo, plates] = await Promise.all([decodePhoto(input.image), loadPlates()]);
      const subject = await findSubject(photo);
      const style = isDesignStyleId(input.style) ? input.style : DEFAULT_STYLE;
      const furnitureType = isFurnitureTypeId(input.furnitureType) ? input.furnitureType : DEFAULT_FURNITURE_TYPE;
      const { plate, matched } = choosePlate(plates, { style, furnitureType, prompt: input.prompt, variant: input.variant });
      const composed = await compose({
        photo,
        subject,
        plate,
        grade: colourGrade(input.prompt),
        furnitureType,
        longSide: outputLongSide(input.size, Math.max(photo.width, photo.height)),
      });
      return { ...composed, engine: LOCAL_ENGINE_NAME, seed: seedFor(input), matched };
    },
  };
}
