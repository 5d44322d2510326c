/** The answer of POST /api/stage (DESIGN §4); the form it answers is in stageForm.ts. */
import { z } from 'zod';

export const stageResponseSchema = z.object({
  editId: z.string(),
  inputUrl: z.string(),
  outputUrl: z.string(),
  creditsRemaining: z.number(),
  /** The prompt's words the room was chosen by, when the engine chooses rooms by words. */
  matched: z.array(z.string()).optional(),
});
export type StageResponse = z.infer<typeof stageResponseSchema>;
