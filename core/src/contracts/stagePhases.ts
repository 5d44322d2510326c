/**
 * How far the server has got with one staging (issue 24): the studio's bar follows these instead
 * of a timer. No zod in this module: the stagers, the store and the web app share the names.
 *
 * The built-in engine runs decode → classify → segment → matte → composite → encode; Photoroom
 * runs check (the engine's is-it-furniture and the upload's re-encoding) → cutout (Photoroom's call,
 * which cuts the piece out and draws the room). The service adds save; `received` is a staging
 * whose stager has not reported yet, `done` a completed one.
 */
export const STAGE_PHASES = [
  'received',
  'decode',
  'classify',
  'segment',
  'matte',
  'composite',
  'encode',
  'check',
  'cutout',
  'save',
  'done',
] as const;
export type StagePhaseName = (typeof STAGE_PHASES)[number];

/** GET /api/stage/progress's query parameter: the Idempotency-Key whose progress is asked for. */
export const STAGE_PROGRESS_KEY_PARAM = 'key';

/** `phase` is running now; `step` of `steps` are finished, so step / steps is the share done. */
export interface StageProgress {
  phase: StagePhaseName;
  step: number;
  steps: number;
}

/** What a key's record says of its staging: done once completed, received before the stager's first report. */
export function progressOfStage(status: 'pending' | 'completed', recorded: StageProgress | null): StageProgress {
  if (status === 'completed') {
    const steps = recorded?.steps ?? 1;
    return { phase: 'done', step: steps, steps };
  }
  return recorded ?? { phase: 'received', step: 0, steps: 1 };
}
