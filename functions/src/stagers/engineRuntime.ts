/**
 * Where a host runs the offline engine (issue 43): on a pool of worker threads, one per core by
 * default, or, with 0 workers, on the thread that serves requests, as before the pool existed.
 * Both give the same Stager and PhotoAnalysis ports; only the staging's effect on every other
 * request differs (docs/performance.md).
 */
import { availableParallelism } from 'node:os';
import type { PhotoAnalysis } from '../ports/analysis.js';
import type { Stager } from '../ports/stager.js';
import { createLazyPhotoAnalysis } from './lazyAnalysis.js';
import { createEnginePool, pooledAnalysis, pooledStager } from './pool/pooledEngine.js';
import { createLazyLocalStager } from './selectStager.js';

export interface EngineRuntime {
  stager: Stager;
  analysis: PhotoAnalysis;
  /** Worker threads at most; 0 when the engine runs on the request thread. */
  workers: number;
  /** Stops the workers; a staging still running fails. */
  close(): Promise<void>;
}

/**
 * A pool size setting (the local host's FLIPSTAGE_ENGINE_WORKERS): empty or `auto` for one
 * worker per core, else a whole number, 0 for none. Anything else stops the host at start.
 */
export function engineWorkers(name: string, value: string | undefined, cores = availableParallelism()): number {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'auto') return cores;
  if (!/^\d+$/.test(setting))
    throw new Error(
      `${name} must be a whole number of worker threads (0 runs the engine on the request thread) or auto, got ${JSON.stringify(value)}`,
    );
  return Number(setting);
}

/** Nothing starts here: the first staging or preview starts a worker (or, with none, loads the engine). */
export function createEngineRuntime(workers: number): EngineRuntime {
  if (workers === 0)
    return { stager: createLazyLocalStager(), analysis: createLazyPhotoAnalysis(), workers, close: async () => {} };
  const pool = createEnginePool(workers);
  return { stager: pooledStager(pool), analysis: pooledAnalysis(pool), workers, close: () => pool.close() };
}
