import { availableParallelism } from 'node:os';
import { threadId } from 'node:worker_threads';
import type { InferenceSession } from 'onnxruntime-node';

/**
 * How both models' sessions run: every core (up to 4) inside an operator, and no memory arena,
 * which would keep every run's peak allocation for the life of the process while staging is bursty.
 * `optimisation` is ONNX Runtime's graph level: 'all' adds to 'extended' (constant folding,
 * fusions) a rewrite of the convolutions into blocked (NCHWc) layouts with reorder copies around
 * them. For NanoDet that is 22 ms a run against 33; for U²-Net it is no faster (232 against
 * 233 ms) and costs a run 250 MB of working memory instead of 186, its loaded session 40 MB
 * instead of 23 (the outputs agree within 1e-6).
 *
 * On the engine's worker threads (shareModelRuns below) a session's threads also stop spinning for
 * more work once a run ends: the next run is as often another worker's session, and the spinning
 * threads took the cores that worker's JavaScript needed (eight stagings at once on two workers:
 * 1.02 s of CPU a staging and 1.92 a second, without spinning 0.91 s and 2.06 a second; a lone
 * staging 521 to 536 ms against 514 to 529). On one thread it slowed the engine (performance.md).
 */
export function modelSessionOptions(optimisation: 'all' | 'extended'): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
    graphOptimizationLevel: optimisation,
    enableCpuMemArena: false,
    ...(sharedLock
      ? { extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } } }
      : {}),
  };
}

let queue: Promise<unknown> = Promise.resolve();
let sharedLock: Int32Array | null = null;

/**
 * In the engine's worker threads (stagers/pool/), the one-at-a-time rule below holds across the
 * process: every worker takes this lock, a word of shared memory holding the running thread's id
 * (0 when free), which the pool also lets go if that thread dies holding it.
 */
export function shareModelRuns(lock: Int32Array): void {
  sharedLock = lock;
}

/** Atomics.waitAsync is in Node since 16; TypeScript's ES2023 library does not declare it yet. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: unknown };
  }
).waitAsync;

/** A holder that died is let go by the pool, which notifies; the timeout is a safety net for a notify missed. */
const LOCK_RECHECK_MS = 1000;

async function acquire(lock: Int32Array): Promise<void> {
  for (;;) {
    const holder = Atomics.compareExchange(lock, 0, 0, threadId);
    if (holder === 0) return;
    const waiting = waitAsync(lock, 0, holder, LOCK_RECHECK_MS);
    if (waiting.async) await waiting.value;
  }
}

function release(lock: Int32Array): void {
  Atomics.compareExchange(lock, 0, threadId, 0);
  Atomics.notify(lock, 0, 1);
}

async function withSharedLock<T>(run: () => Promise<T>): Promise<T> {
  const lock = sharedLock;
  if (!lock) return run();
  await acquire(lock);
  try {
    return await run();
  } finally {
    release(lock);
  }
}

/**
 * Model runs (U²-Net's and the classifier's) go one after another, across both models: each run
 * already uses every core, so two at once finish no sooner, and each holds its working memory
 * while it runs (the local host's budget is 900 MiB at two stagings at once).
 */
export function oneModelAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locked = () => withSharedLock(run);
  const next = queue.then(locked, locked);
  queue = next.catch(() => undefined);
  return next;
}
