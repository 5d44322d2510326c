/**
 * What the pool (workerPool.ts) and its worker threads say to each other, and the worker's side
 * of it. A worker runs one job at a time: the pool sends a job only to an idle worker.
 */
import { parentPort } from 'node:worker_threads';

export interface JobRequest {
  id: number;
  kind: string;
  payload: unknown;
}

/** A failure as it crosses the thread boundary: an Error's class does not survive structured cloning. */
export interface RemoteFailure {
  name: string;
  message: string;
  stack?: string;
  /** A StagingError's kind, or any failure's own `kind`, for the caller to rebuild its error. */
  kind?: string;
}

export type JobReply =
  | { id: number; type: 'event'; event: unknown }
  | { id: number; type: 'done'; value: unknown }
  | { id: number; type: 'failed'; failure: RemoteFailure };

export interface JobResult {
  value: unknown;
  /** Buffers of `value` given to the requesting thread instead of copied; this worker must not touch them after. */
  transfer?: ArrayBuffer[];
}

/** A job's work in the worker: `emit` sends the requesting thread an event (a staging's progress). */
export type JobHandler = (payload: unknown, emit: (event: unknown) => void) => Promise<JobResult>;

export function describeFailure(error: unknown): RemoteFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const kind = (error as { kind?: unknown }).kind;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(typeof kind === 'string' ? { kind } : {}),
  };
}

/** The job ended with an error in its worker, which is still alive and serves the next job. */
export class JobFailed extends Error {
  constructor(readonly failure: RemoteFailure) {
    super(failure.message);
    this.name = failure.name;
    if (failure.stack) this.stack = failure.stack;
  }
}

/** Serves the pool's jobs in this worker thread, each by the handler of its kind. */
export function serveJobs(handlers: Record<string, JobHandler>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread started by the pool');
  port.on('message', (request: JobRequest) => {
    const reply = (message: JobReply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
    const handler = handlers[request.kind];
    const running = handler
      ? handler(request.payload, (event) => reply({ id: request.id, type: 'event', event }))
      : Promise.reject(new Error(`no handler for ${request.kind} jobs`));
    running.then(
      ({ value, transfer }) => reply({ id: request.id, type: 'done', value }, transfer),
      (error: unknown) => reply({ id: request.id, type: 'failed', failure: describeFailure(error) }),
    );
  });
}
