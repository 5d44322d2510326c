/**
 * A pool of worker threads that run jobs off the thread that asks for them (issue 43): at most
 * `size` workers, each started on the first job that finds none idle and kept for the next, so
 * what a worker loads once (models, plates) serves every job after; jobs past that wait in order.
 * A worker that dies (an uncaught error, process.exit, out of memory under resourceLimits) fails
 * only the job it was running and is replaced by the next job that needs one; a job still running
 * at its deadline is failed and its worker terminated, so a stuck job cannot hold a worker.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';
import { JobFailed, type JobReply, type JobRequest } from './workerJobs.js';

export interface WorkerPoolOptions {
  /** The worker's module: built JavaScript, or TypeScript source when the pool itself runs from source. */
  entry: URL;
  /** The most workers at once, at least 1. */
  size: number;
  /** Given to every worker as worker_threads' workerData. */
  workerData?: unknown;
  /** Each worker's heap: past it the worker alone dies (ERR_WORKER_OUT_OF_MEMORY), not the process. */
  resourceLimits?: ResourceLimits;
  /** Told when a worker is gone for any reason, with its thread id, so whatever it held can be let go. */
  onWorkerGone?: (threadId: number) => void;
  /** Run once, on this thread, before the first worker starts (engine: hold its native addons here). */
  beforeFirstWorker?: () => void;
}

export interface PoolJob {
  /** Which of the worker's handlers runs it (workerJobs.ts serveJobs). */
  kind: string;
  payload: unknown;
  /** Buffers inside `payload` handed to the worker instead of copied; the caller must not use them after. */
  transfer?: ArrayBuffer[];
  /** Epoch ms: queued or running past it, the job fails with WorkerStopped('timed-out'). */
  deadline: number;
  /**
   * Jobs with the same key go to the worker that last took one when it is idle: a worker keeps
   * what it found in a photo (the engine's judgement, a mark's crop), so a preview, its brush
   * strokes and the staging after them reuse it. Never a reason to wait while another is idle.
   */
  affinity?: string;
  /** The worker's events for this job, in order, before it settles. */
  onEvent?: (event: unknown) => void;
}

export type StopReason = 'crashed' | 'timed-out' | 'closed';

/** The job's worker died, the job ran past its deadline, or the pool was closed under it. */
export class WorkerStopped extends Error {
  constructor(
    readonly reason: StopReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'WorkerStopped';
  }
}

interface Pending {
  id: number;
  job: PoolJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface PoolWorker {
  thread: Worker;
  threadId: number;
  job: Pending | null;
  gone: boolean;
}

/** How many affinity keys are remembered: a few per seller working in the studio at once. */
const REMEMBERED_KEYS = 64;

/**
 * How long closing waits for the jobs already running: a staging takes about a second warm, a few
 * on a loaded machine. Past it, whatever still runs is failed and its worker terminated.
 */
export const CLOSE_GRACE_MS = 15_000;

/**
 * A TypeScript entry (under Vitest, or a script run by tsx) is loaded through tsx's loader, which
 * a worker thread does not inherit from its parent on Node 20; built code starts the file itself.
 */
function startThread(entry: URL, options: WorkerOptions): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  // The ES module build, beside the CommonJS one require resolves to, whose register() looks for
  // its loader in the wrong folder when called from a worker.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

export class WorkerPool {
  private readonly workers = new Set<PoolWorker>();
  private readonly queue: Pending[] = [];
  private readonly lastTook = new Map<string, PoolWorker>();
  private nextId = 1;
  private closed = false;
  /** Closing waits on this for the running jobs to end. */
  private onIdle: (() => void) | null = null;
  private startedCount = 0;

  constructor(private readonly options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new Error(`a worker pool needs at least one worker, got ${options.size}`);
  }

  /** Workers started since the pool was made, replacements included. */
  get started(): number {
    return this.startedCount;
  }

  /** Workers alive now: started, not yet gone. */
  get alive(): number {
    return this.workers.size;
  }

  run(job: PoolJob): Promise<unknown> {
    if (this.closed) return Promise.reject(new WorkerStopped('closed', 'the worker pool is closed'));
    // Started, it would only be cut short, and its worker with it.
    if (job.deadline <= Date.now())
      return Promise.reject(new WorkerStopped('timed-out', 'the job came in past its deadline'));
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        job,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(pending), Math.max(0, job.deadline - Date.now())),
      };
      pending.timer.unref();
      this.queue.push(pending);
      this.pump();
    });
  }

  /**
   * Fails every waiting job, lets the running ones finish (at most `graceMs`), then stops every
   * worker. A running job is answered rather than cut off, and its worker is stopped with no native
   * work of sharp's or ONNX Runtime's under way: terminated mid-job, a worker whose library calls
   * back into it afterwards takes the whole process down ("terminate called after throwing an
   * instance of 'Napi::Error'", seen when a CLI test closed a local host mid-staging).
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      this.settle(pending, new WorkerStopped('closed', 'the worker pool closed'));
    await this.runningEnded(graceMs);
    const threads = [...this.workers].map((worker) => {
      this.retire(worker, new WorkerStopped('closed', 'the worker pool closed'));
      return worker.thread.terminate();
    });
    await Promise.all(threads);
  }

  private busy(): boolean {
    return [...this.workers].some((worker) => worker.job !== null);
  }

  private runningEnded(graceMs: number): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, graceMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.onIdle = done;
    });
  }

  /** After any job ends: a close waiting for the running jobs goes on once none is left. */
  private jobEnded(): void {
    if (this.onIdle && !this.busy()) {
      const idle = this.onIdle;
      this.onIdle = null;
      idle();
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idleWorker(this.queue[0]!.job.affinity) ?? this.startWorker();
      if (!worker) return;
      this.assign(worker, this.queue.shift()!);
    }
  }

  private idleWorker(affinity: string | undefined): PoolWorker | undefined {
    const known = affinity === undefined ? undefined : this.lastTook.get(affinity);
    if (known && !known.gone && !known.job) return known;
    for (const worker of this.workers) if (!worker.job) return worker;
    return undefined;
  }

  private startWorker(): PoolWorker | undefined {
    if (this.closed || this.workers.size >= this.options.size) return undefined;
    if (this.startedCount === 0) this.options.beforeFirstWorker?.();
    const thread = startThread(this.options.entry, {
      workerData: this.options.workerData,
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    const worker: PoolWorker = { thread, threadId: thread.threadId, job: null, gone: false };
    this.workers.add(worker);
    this.startedCount += 1;
    thread.on('message', (reply: JobReply) => this.onReply(worker, reply));
    thread.on('error', (error) => this.crashed(worker, `failed: ${error.message}`, error));
    thread.on('exit', (code) => this.crashed(worker, `exited with code ${code}`));
    return worker;
  }

  private assign(worker: PoolWorker, pending: Pending): void {
    worker.job = pending;
    const { affinity } = pending.job;
    if (affinity !== undefined) this.remember(affinity, worker);
    // A busy worker keeps the process alive until its job is answered; an idle one does not.
    worker.thread.ref();
    const request: JobRequest = { id: pending.id, kind: pending.job.kind, payload: pending.job.payload };
    try {
      worker.thread.postMessage(request, pending.job.transfer);
    } catch (error) {
      worker.job = null;
      worker.thread.unref();
      this.settle(pending, error instanceof Error ? error : new Error(String(error)));
    }
  }

  private remember(affinity: string, worker: PoolWorker): void {
    this.lastTook.delete(affinity);
    this.lastTook.set(affinity, worker);
    if (this.lastTook.size > REMEMBERED_KEYS) this.lastTook.delete(this.lastTook.keys().next().value!);
  }

  private onReply(worker: PoolWorker, reply: JobReply): void {
    const pending = worker.job;
    // A reply to a job already given up (its deadline passed as the worker answered) is dropped.
    if (!pending || pending.id !== reply.id) return;
    if (reply.type === 'event') {
      try {
        pending.job.onEvent?.(reply.event);
      } catch {
        // A listener's mistake must not become an uncaught error of the thread that serves everyone.
      }
      return;
    }
    worker.job = null;
    worker.thread.unref();
    this.settle(pending, reply.type === 'done' ? { value: reply.value } : new JobFailed(reply.failure));
    this.jobEnded();
    this.pump();
  }

  private crashed(worker: PoolWorker, how: string, cause?: Error): void {
    const message = `worker thread ${worker.threadId} ${how}`;
    this.retire(worker, new WorkerStopped('crashed', message, cause ? { cause } : undefined));
    this.pump();
  }

  private expire(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(pending, new WorkerStopped('timed-out', 'the job waited past its deadline for a worker'));
      return;
    }
    const worker = [...this.workers].find((candidate) => candidate.job === pending);
    if (!worker) return;
    // Terminating ends its JavaScript at once and the thread once native work under way returns.
    this.retire(
      worker,
      new WorkerStopped('timed-out', `the job ran past its deadline on worker thread ${worker.threadId}`),
    );
    void worker.thread.terminate();
    this.pump();
  }

  /** The worker leaves the pool for good; the job it was running fails with `error`. */
  private retire(worker: PoolWorker, error: WorkerStopped): void {
    if (worker.gone) return;
    worker.gone = true;
    this.workers.delete(worker);
    const pending = worker.job;
    worker.job = null;
    this.options.onWorkerGone?.(worker.threadId);
    if (pending) this.settle(pending, error);
    this.jobEnded();
  }

  private settle(pending: Pending, outcome: { value: unknown } | Error): void {
    clearTimeout(pending.timer);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome.value);
  }
}
