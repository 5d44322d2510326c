/**
 * A worker for the pool's specs, started through the pool's own machinery like the engine's: each
 * kind of job does one thing a real worker might, dying for real where a spec needs it to.
 * It speaks the engine's jobs too (stage, analyse), so the engine's adapters meet real crashes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId, workerData } from 'node:worker_threads';
import { StagingError } from '../../../src/ports/stager.js';
import { oneModelAtATime, shareModelRuns } from '../../../src/stagers/engine/modelQueue.js';
import type { AnalyseJob, EngineWorkerData, StageJob } from '../../../src/stagers/pool/pooledEngine.js';
import { serveJobs } from '../../../src/stagers/pool/workerJobs.js';

const modelLock = (workerData as Partial<EngineWorkerData> | undefined)?.modelLock;
if (modelLock) shareModelRuns(modelLock);

const spin = (): never => {
  for (;;);
};

/** Keeps allocating objects on the heap until resourceLimits stops the worker. */
function hoard(): never {
  const kept: object[][] = [];
  for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => ({ i })));
}

serveJobs({
  echo: async (payload) => ({ value: { payload, threadId } }),
  events: async (payload, emit) => {
    for (const event of payload as unknown[]) emit(event);
    return { value: 'after the events' };
  },
  /** Sums the bytes it was handed and hands back a buffer of its own. */
  bytes: async (payload) => {
    const bytes = payload as Uint8Array;
    const back = new Uint8Array([bytes.reduce((sum, byte) => sum + byte, 0)]);
    return { value: back, transfer: [back.buffer] };
  },
  sleep: async (payload) => {
    await sleep(payload as number);
    return { value: threadId };
  },
  refuse: async () => {
    throw new StagingError('no-subject', 'nothing to cut out');
  },
  exit: async () => process.exit(3),
  uncaught: async () => {
    setImmediate(() => {
      throw new Error('thrown where nobody catches it');
    });
    return new Promise(() => undefined);
  },
  hoard: async () => hoard(),
  spin: async () => spin(),
  /** Takes the engine's model lock and dies holding it. */
  dieInModel: async () => oneModelAtATime(async () => process.exit(1)),
  /** Takes the engine's model lock and answers: it must not wait for a lock a dead worker held. */
  model: async () => ({ value: await oneModelAtATime(async () => threadId) }),
  stage: async (payload) => {
    const job = payload as StageJob;
    if (job.prompt === 'crash') process.exit(1);
    if (job.prompt === 'spin') spin();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    return { value: { jpeg, width: 1, height: 1, engine: 'local', seed: 1 }, transfer: [jpeg.buffer] };
  },
  analyse: async (payload) => {
    if ((payload as AnalyseJob).mark.confirmedFurniture) process.exit(1);
    return { value: { verdict: 'ok', seen: 'a chair', suggestedType: 'chair', outline: [] } };
  },
});
