/** The answer of GET /api/stage/progress?key=… (the phases are in stagePhases.ts). */
import { z } from 'zod';
import { STAGE_PHASES, type StageProgress } from './stagePhases.js';

export const stageProgressSchema = z
  .object({
    phase: z.enum(STAGE_PHASES),
    step: z.number().int().min(0),
    steps: z.number().int().min(1),
  })
  .refine((progress) => progress.step <= progress.steps, {
    message: 'step must not pass steps',
  }) satisfies z.ZodType<StageProgress>;
