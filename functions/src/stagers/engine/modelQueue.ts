import { availableParallelism } from 'node:os';
import type { InferenceSession } from 'onnxruntime-node';

/**
 * How both models' sessions run: every core (up to 4) inside an operator, and no memory arena,
 * which would keep every run's peak allocation for the life of the process while staging is bursty.
 * `optimisation` is ONNX Runtime's graph level: 'all' adds to 'extended' (constant folding,
 * fusions) a rewrite of the convolutions into blocked (NCHWc) layouts with reorder copies around
 * them. For NanoDet that is 22 ms a run against 33; for U²-Net it is no faster (232 against
 * 233 ms) and costs a run 250 MB of working memory instead of 186, its loaded session 40 MB
 * instead of 23 (the outputs agree within 1e-6).
 */
export function modelSessionOptions(optimisation: 'all' | 'extended'): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
    graphOptimizationLevel: optimisation,
    enableCpuMemArena: false,
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Model runs (U²-Net's and the classifier's) go one after another, across both models: each run
 * already uses every core, so two at once finish no sooner, and each holds its working memory
 * while it runs (the local host's budget is 900 MiB at two stagings at once).
 */
export function oneModelAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
