import type { Logger } from '../output/logger.js';
import { eventLine } from './events.js';
import { REFUSAL_STATUS, type RefusalCode } from './refusals.js';

export type Outcome =
  | { file: string; status: 'staged'; output: string; editId: string }
  | { file: string; status: 'failed'; reason: string }
  | { file: string; status: 'refused'; code: RefusalCode; reason: string };

/** text: a bar or a line per photo; quiet: failures only; json: NDJSON events on stdout. */
export type OutputMode = 'text' | 'quiet' | 'json';

export interface Progress {
  begin(total: number): void;
  done(outcome: Outcome): void;
  note(message: string): void;
  end(): void;
}

/** 0:07, 12:30, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface ProgressState {
  done: number;
  total: number;
  elapsedMs: number;
}

/** Images per second so far, and the time left at that rate (null until the first image is done). */
export function rateAndEta(state: ProgressState): { rate: number; etaSeconds: number | null } {
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.done / seconds : 0;
  return { rate, etaSeconds: rate > 0 ? (state.total - state.done) / rate : null };
}

/** `[########------------] 12/40  1.8 img/s  ETA 0:15`, fitted to the terminal width. */
export function formatProgressLine(state: ProgressState, columns: number): string {
  const { rate, etaSeconds } = rateAndEta(state);
  const stats = ` ${state.done}/${state.total}  ${rate.toFixed(1)} img/s  ETA ${etaSeconds === null ? '--:--' : formatDuration(etaSeconds)}`;
  const width = Math.max(10, Math.min(40, columns - stats.length - 3));
  const filled = state.total > 0 ? Math.round((state.done / state.total) * width) : width;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${stats}`;
}

export function outcomeLine(outcome: Outcome, position: string): string {
  if (outcome.status === 'staged') return `${position} staged ${outcome.file} -> ${outcome.output}`;
  const status = outcome.status === 'refused' ? REFUSAL_STATUS[outcome.code] : 'failed';
  return `${position} ${status} ${outcome.file}: ${outcome.reason}`;
}

function outcomeEvent(outcome: Outcome): string {
  if (outcome.status === 'staged')
    return eventLine({
      event: 'staged',
      file: outcome.file,
      output: outcome.output,
      editId: outcome.editId,
      credits: 1,
    });
  return eventLine(
    outcome.status === 'refused'
      ? { event: 'refused', file: outcome.file, code: outcome.code, reason: outcome.reason }
      : { event: 'failed', file: outcome.file, reason: outcome.reason },
  );
}

/** One `staged` or `failed` event per photo on stdout, the moment it is settled. */
function eventProgress(logger: Logger): Progress {
  return {
    begin() {},
    done(outcome) {
      logger.info(outcomeEvent(outcome));
    },
    note() {},
    end() {},
  };
}

/**
 * A redrawn bar with count, rate and ETA on a terminal; one plain line per image otherwise
 * (logs, CI). Both write to stderr. --quiet keeps only the failures; --json prints events instead.
 */
export function createProgress(logger: Logger, options: { mode: OutputMode; now?: () => number }): Progress {
  const now = options.now ?? Date.now;
  const stream = logger.progressStream;
  const paint = logger.paintProgress;
  let total = 0;
  let done = 0;
  let started = 0;
  let timer: NodeJS.Timeout | undefined;

  if (options.mode === 'json') return eventProgress(logger);
  if (options.mode === 'quiet') {
    return {
      begin() {},
      done(outcome) {
        if (outcome.status === 'failed') logger.error(`failed ${outcome.file}: ${outcome.reason}`);
        // The seller has to act on these, so --quiet says them too.
        if (outcome.status === 'refused') logger.warn(outcomeLine(outcome, '').trimStart());
      },
      note() {},
      end() {},
    };
  }

  if (!stream.isTTY) {
    return {
      begin(count) {
        total = count;
      },
      done(outcome) {
        done += 1;
        stream.write(`${outcomeLine(outcome, `[${done}/${total}]`)}\n`);
      },
      note(message) {
        stream.write(`${message}\n`);
      },
      end() {},
    };
  }

  const clear = '\r\u001b[2K';
  const draw = () =>
    stream.write(`${clear}${formatProgressLine({ done, total, elapsedMs: now() - started }, stream.columns ?? 80)}`);
  return {
    begin(count) {
      total = count;
      started = now();
      draw();
      // Keeps the ETA moving while a slow image is in flight.
      timer = setInterval(draw, 500);
      timer.unref();
    },
    done(outcome) {
      done += 1;
      if (outcome.status !== 'staged') {
        const color = outcome.status === 'failed' ? 'red' : 'yellow';
        stream.write(`${clear}${paint(color, outcomeLine(outcome, `[${done}/${total}]`))}\n`);
      }
      draw();
    },
    note(message) {
      stream.write(`${clear}${paint('yellow', message)}\n`);
      draw();
    },
    end() {
      if (timer) clearInterval(timer);
      draw();
      stream.write('\n');
    },
  };
}
