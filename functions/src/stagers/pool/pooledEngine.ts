/**
 * The offline engine on worker threads (issue 43): the Stager and PhotoAnalysis ports, implemented
 * by posting each staging and each preview to a pool of engine workers (engineWorker.ts). The
 * engine's decode, models, matte and compositing then never hold up the thread that answers
 * every other request; a worker that dies or overruns fails its own photo with a StagingError
 * the staging service refunds, as it does any failed staging.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { MESSAGES, type StageProgress } from '@flipstage/core';
import type { PhotoAnalysis, SellerMark } from '../../ports/analysis.js';
import {
  StagingError,
  type StageInput,
  type StageOutput,
  type Stager,
  type StagingErrorKind,
} from '../../ports/stager.js';
import { LOCAL_ENGINE_NAME } from '../engine/engineName.js';
import { JobFailed } from './workerJobs.js';
import { WorkerPool, WorkerStopped } from './workerPool.js';

/** What every engine worker is started with. */
export interface EngineWorkerData {
  /** One Int32 of shared memory: the thread running a model now, 0 for none (engine/modelQueue.ts). */
  modelLock: Int32Array;
}

/** A staging as posted to a worker: the port's input without its callback, whose reports come back as events. */
export type StageJob = Omit<StageInput, 'onProgress'>;

export interface AnalyseJob {
  image: Uint8Array;
  mark: SellerMark;
}

/**
 * Beside this module in every form it ships in: src/ (run by tsx or Vitest), dist/ (tsc), and
 * the deploy bundle, where scripts/build-functions.mjs makes it an entry point of its own beside
 * the chunks.
 */
export const ENGINE_WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './engineWorker.ts' : './engineWorker.js',
  import.meta.url,
);

/**
 * A worker's JavaScript heap: a staging uses about 15 MB of it (pixels live outside it, in
 * buffers), so only a runaway reaches this, and then that worker alone is lost, not the host.
 * Its young generation is kept small: the engine's short-lived objects are few and small, and
 * each worker's own would otherwise grow to V8's default for every worker at once.
 */
const ENGINE_HEAP = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 8 };

/**
 * The budget of a job that brings none (a preview: the PhotoAnalysis port carries no deadline):
 * a staging's own (the service's STAGE_DEADLINE_MS), inside Hosting's 60 s.
 */
const DEFAULT_DEADLINE_MS = 45_000;

export interface EnginePoolOptions {
  /** Another worker module speaking the same jobs; tests use one that really crashes. */
  entry?: URL;
}

/**
 * sharp's and ONNX Runtime's native libraries, loaded on this thread too before any worker loads
 * them. A worker that exits, or is terminated, unloads what only it had loaded, and the process
 * dies in the library's teardown ("terminate called after throwing an instance of 'Napi::Error'",
 * seen once in a full test run; sharp documents the same for worker threads, lovell/sharp#2263).
 * Held here, the libraries stay for the process's life whatever its workers do.
 */
function holdNativeAddons(): void {
  const require = createRequire(import.meta.url);
  require('sharp');
  require('onnxruntime-node');
}

export function createEnginePool(size: number, options: EnginePoolOptions = {}): WorkerPool {
  const modelLock = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const workerData: EngineWorkerData = { modelLock };
  return new WorkerPool({
    entry: options.entry ?? ENGINE_WORKER_ENTRY,
    size,
    workerData,
    resourceLimits: ENGINE_HEAP,
    beforeFirstWorker: holdNativeAddons,
    // A worker that died holding the model lock would otherwise hold it for good.
    onWorkerGone: (threadId) => {
      if (Atomics.compareExchange(modelLock, 0, threadId, 0) === threadId) Atomics.notify(modelLock, 0);
    },
  });
}

/** The bytes a worker keeps its findings by are the photo's; this key is cheap and only routes. */
const SAMPLED_BYTES = 64 * 1024;

export function photoKey(image: Uint8Array): string {
  const hash = createHash('sha1').update(String(image.byteLength));
  hash.update(image.subarray(0, SAMPLED_BYTES));
  hash.update(image.subarray(Math.max(SAMPLED_BYTES, image.byteLength - SAMPLED_BYTES)));
  return hash.digest('base64url');
}

/**
 * The photo's bytes in a buffer of their own, handed to the worker: the caller keeps its own
 * (the staging service stores it meanwhile), and cloning a view would copy all of the buffer under it.
 */
function ownCopy(image: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(image);
}

function engineFailure(error: unknown, charged: boolean): unknown {
  if (error instanceof JobFailed && error.failure.name === 'StagingError') {
    const refusal = new StagingError(error.failure.kind as StagingErrorKind, error.message, { cause: error });
    // A failure's log line shows the engine's trace, where it was raised, not this rebuild's.
    if (error.stack) refusal.stack = error.stack;
    return refusal;
  }
  if (error instanceof WorkerStopped && error.reason !== 'closed')
    return new StagingError('engine-failed', MESSAGES.engineStopped(error.reason, charged), { cause: error });
  return error;
}

export function pooledStager(pool: WorkerPool): Stager {
  return {
    name: LOCAL_ENGINE_NAME,
    async stage(input: StageInput): Promise<StageOutput> {
      const { onProgress, ...rest } = input;
      const image = ownCopy(input.image);
      const job: StageJob = { ...rest, image };
      try {
        return (await pool.run({
          kind: 'stage',
          payload: job,
          transfer: [image.buffer],
          deadline: input.deadline ?? Date.now() + DEFAULT_DEADLINE_MS,
          affinity: photoKey(input.image),
          onEvent: (progress) => onProgress?.(progress as StageProgress),
        })) as StageOutput;
      } catch (error) {
        throw engineFailure(error, true);
      }
    },
  };
}

export function pooledAnalysis(pool: WorkerPool): PhotoAnalysis {
  return {
    async analyse(photo, mark = {}) {
      const image = ownCopy(photo);
      const job: AnalyseJob = { image, mark };
      try {
        return (await pool.run({
          kind: 'analyse',
          payload: job,
          transfer: [image.buffer],
          deadline: Date.now() + DEFAULT_DEADLINE_MS,
          affinity: photoKey(photo),
        })) as Awaited<ReturnType<PhotoAnalysis['analyse']>>;
      } catch (error) {
        throw engineFailure(error, false);
      }
    },
  };
}
