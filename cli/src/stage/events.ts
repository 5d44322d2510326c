import type { RefusalCode } from './refusals.js';
import type { RunSummary } from './report.js';

/**
 * What `--json` prints, one object per line as it happens (NDJSON), so a script can act on
 * each photo without waiting for the run to end. `credits` is what that photo cost: every
 * stage response the API answers is exactly one charge.
 */
export type RunEvent =
  | { event: 'staged'; file: string; output: string; editId: string; credits: number }
  | { event: 'skipped'; file: string; reason: string }
  | { event: 'failed'; file: string; reason: string }
  /** Refused for a reason the seller acts on; nothing was charged. */
  | { event: 'refused'; file: string; code: RefusalCode; reason: string }
  | ({
      event: 'summary';
      exitCode: number;
      report: { html: string; json: string };
      /** Photos a --max-credits budget kept for a later run. */
      leftForLater: number;
    } & RunSummary);

export function eventLine(event: RunEvent): string {
  return JSON.stringify(event);
}
