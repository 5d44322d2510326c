import sharp from 'sharp';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, isDesignStyleId, isFurnitureTypeId } from '@flipstage/core';
import type { StageInput, StageOutput, Stager } from '../../ports/stager.js';
import { compose, type StagePhase } from './compose.js';
import { decodePhoto } from './decode.js';
import { LOCAL_ENGINE_NAME } from './engineName.js';
import { judgePhoto, notFurnitureError, unsureError } from './judge.js';
import { outputLongSide } from './limits.js';
import { choosePlate, colourGrade } from './plates/choosePlate.js';
import { loadPlates } from './plates/library.js';
import { seedFor } from '../seed.js';
import { subjectView } from './viewpoint.js';

export { LOCAL_ENGINE_NAME };
export type { StagePhase };

/** The engine's phases in the order they run: each lap ends one and starts the next. */
const ENGINE_PHASES: readonly StagePhase[] = ['decode', 'classify', 'segment', 'matte', 'composite', 'encode'];

export interface LocalStagerOptions {
  /** Called as each phase of a staging ends, with its milliseconds: `npm run bench:engine` reports the split. */
  onPhase?: (phase: StagePhase, ms: number) => void;
}

/**
 * The offline staging engine (DESIGN §6, docs/engine.md): decode → is it a home good
 * (classify/) → find the piece, where the seller marked it if they did, or ask for a mark when
 * unsure → choose a rendered room plate by style, type, prompt words, viewpoint and variant
 * (docs/plates.md) → stand the piece in the plate at its type's real size, framed like a listing
 * photo, shadowed and graded to the room. Deterministic: the same input gives the same bytes.
 */
export function createLocalStager(options: LocalStagerOptions = {}): Stager {
  // libvips keeps recent operations' results for reuse (up to 50 MB); staging never repeats one,
  // and the local host's memory budget (900 MiB at two stagings at once) is better spent staging.
  sharp.cache(false);
  return {
    name: LOCAL_ENGINE_NAME,
    async stage(input: StageInput): Promise<StageOutput> {
      let last = performance.now();
      const report = (done: number) => {
        const phase = ENGINE_PHASES[done];
        if (phase) input.onProgress?.({ phase, step: done, steps: ENGINE_PHASES.length });
      };
      const lap = (phase: StagePhase) => {
        const now = performance.now();
        options.onPhase?.(phase, now - last);
        last = now;
        report(ENGINE_PHASES.indexOf(phase) + 1);
      };
      report(0);
      const [photo, plates] = await Promise.all([decodePhoto(input.image), loadPlates()]);
      lap('decode');
      const { classification, analysis } = await judgePhoto(
        photo,
        { subject: input.subject, strokes: input.strokes, confirmedFurniture: input.confirmedFurniture },
        lap,
      );
      if (!analysis) throw notFurnitureError(classification);
      if (analysis.unsure) throw unsureError(analysis);
      const style = isDesignStyleId(input.style) ? input.style : DEFAULT_STYLE;
      const furnitureType = isFurnitureTypeId(input.furnitureType) ? input.furnitureType : DEFAULT_FURNITURE_TYPE;
      const { plate, matched } = choosePlate(plates, {
        style,
        furnitureType,
        prompt: input.prompt,
        variant: input.variant,
        view: subjectView(analysis.subject),
      });
      const composed = await compose({
        photo,
        subject: analysis.subject,
        plate,
        grade: colourGrade(input.prompt),
        furnitureType,
        longSide: outputLongSide(input.size, Math.max(photo.width, photo.height)),
        lap,
      });
      return { ...composed, engine: LOCAL_ENGINE_NAME, seed: seedFor(input), matched };
    },
  };
}
