/** The answer of POST /api/stage (DESIGN §4); the form it answers is in stageForm.ts. */
import { z } from 'zod';

export const stageResponseSchema = z.object({
  editId: z.string(),
  inputUrl: z.string(),
  outputUrl: z.string(),
  creditsRemaining: z.number(),
});
export type StageResponse = z.infer<typeof stageResponseSchema>;
