/** Reads `flipstage stage --json` output the way a script would: one JSON object per line. */
export interface Summary {
  staged: { file: string; output: string }[];
  skipped: { file: string; reason: string }[];
  failed: { file: string; reason: string }[];
  notStarted: string[];
  creditsUsed: number;
  creditsLeft: number;
  seconds: number;
  stopped: string | null;
  exitCode: number;
  report: { html: string; json: string };
}

export type Event = { event: string; [field: string]: unknown };

export function parseEvents(stdout: string): Event[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Event);
}

export function summaryOf(stdout: string): Summary {
  const summary = parseEvents(stdout).find((event) => event.event === 'summary');
  if (!summary) throw new Error(`No summary event in:\n${stdout}`);
  return summary as unknown as Summary;
}
