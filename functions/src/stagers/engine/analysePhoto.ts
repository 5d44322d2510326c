import { MESSAGES, type StagePreview } from '@flipstage/core';
import type { PhotoAnalysis } from '../../ports/analysis.js';
import { StagingError } from '../../ports/stager.js';
import { decodePhoto } from './decode.js';
import { judgePhoto } from './judge.js';
import { subjectOutline } from './outline.js';

/**
 * The engine's look at a photo for the studio (POST /api/stage/preview): the same judgement the
 * stager makes before it stages, answered as a verdict instead of a refusal.
 */
export function createPhotoAnalysis(): PhotoAnalysis {
  return {
    async analyse(image, mark = {}): Promise<StagePreview> {
      const photo = await decodePhoto(image);
      let judgement;
      try {
        judgement = await judgePhoto(photo, mark);
      } catch (error) {
        if (!(error instanceof StagingError && error.kind === 'no-subject')) throw error;
        return { verdict: 'no-subject', message: error.message, suggestedType: null, outline: [] };
      }
      const { classification, analysis } = judgement;
      const seen = classification.seen;
      if (!analysis)
        return {
          verdict: 'not-furniture',
          message: MESSAGES.notFurniture(seen),
          seen,
          suggestedType: null,
          outline: [],
        };
      const outline = subjectOutline(analysis.subject);
      if (analysis.unsure)
        return {
          verdict: 'unsure',
          message: MESSAGES.markThePiece,
          seen,
          suggestedType: classification.suggestedType,
          outline,
        };
      return { verdict: 'ok', seen, suggestedType: classification.suggestedType, outline };
    },
  };
}
