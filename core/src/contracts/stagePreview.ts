/**
 * The answer of POST /api/stage/preview: what the engine would cut out of a photo, judged before
 * anything is charged. The studio draws the outline, asks for a mark when the engine is unsure,
 * and preselects the suggested furniture type.
 */
import { z } from 'zod';
import { FURNITURE_TYPE_IDS, type FurnitureTypeId } from '../catalog.js';

export const PREVIEW_VERDICTS = ['ok', 'unsure', 'not-furniture', 'no-subject'] as const;
export type PreviewVerdict = (typeof PREVIEW_VERDICTS)[number];

const point = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);

export const stagePreviewSchema = z.object({
  verdict: z.enum(PREVIEW_VERDICTS),
  /** What to tell the seller for every verdict but ok. */
  message: z.string().optional(),
  /** What the classifier saw: "an armchair", "a cat". */
  seen: z.string().optional(),
  suggestedType: z.enum(FURNITURE_TYPE_IDS as readonly [FurnitureTypeId, ...FurnitureTypeId[]]).nullable(),
  /** The cut-out's outline: closed polygons, points as fractions of the oriented photo's width and height. */
  outline: z.array(z.array(point)),
});
export type StagePreview = z.infer<typeof stagePreviewSchema>;
