/** Spec §4/§9: the bar rises about 3.3 % a second, is full after 30 s and resets 0.5 s after finishing. */
export const PROGRESS_DURATION_MS = 30_000;
export const PROGRESS_RESET_DELAY_MS = 500;
export const PROGRESS_TICK_MS = 250;

export function progressPercent(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 0;
  return Math.min(100, (elapsedMs / PROGRESS_DURATION_MS) * 100);
}
