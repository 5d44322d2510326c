/**
 * The engine on worker threads (issue 43): the Stager and PhotoAnalysis ports answered by the real
 * engine in a worker, and a worker's crash or overrun turned into the StagingError the staging
 * service refunds. The faults come from test/stagers/pool/testWorker.ts, which really dies.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildAutoPrompt, MESSAGES, type StageProgress } from '@flipstage/core';
import { StagingError, type StageInput } from '../../../src/ports/stager.js';
import { createEngineRuntime, engineWorkers } from '../../../src/stagers/engineRuntime.js';
import { createEnginePool, pooledAnalysis, pooledStager } from '../../../src/stagers/pool/pooledEngine.js';
import type { WorkerPool } from '../../../src/stagers/pool/workerPool.js';

const photo = readFileSync(new URL('../../../../samples/dresser-blue.jpg', import.meta.url));
const TEST_WORKER = new URL('./testWorker.ts', import.meta.url);

const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  image: photo,
  prompt: buildAutoPrompt('modern', 'dresser'),
  style: 'modern',
  furnitureType: 'dresser',
  mode: 'auto',
  size: 'standard',
  variant: 0,
  ...overrides,
});

const engine = createEngineRuntime(1);
afterAll(() => engine.close());

const pools: WorkerPool[] = [];
function crashingPool(): WorkerPool {
  const pool = createEnginePool(1, { entry: TEST_WORKER });
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

const failureOf = (pending: Promise<unknown>) =>
  pending.then(
    () => null,
    (error: unknown) => error,
  );

describe('the engine on a worker thread', () => {
  it("stages a photo and reports each of the engine's phases as it starts", async () => {
    const progress: StageProgress[] = [];
    const output = await engine.stager.stage(input({ onProgress: (p) => progress.push(p) }));
    expect([...output.jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(output).toMatchObject({ width: 1024, engine: 'local' });
    expect(progress.map((p) => p.phase)).toEqual(['decode', 'classify', 'segment', 'matte', 'composite', 'encode']);
  });

  it('answers the preview of a photo', async () => {
    const preview = await engine.analysis.analyse(photo);
    expect(preview.verdict).toBe('ok');
    expect(preview.outline.length).toBeGreaterThan(0);
  });

  it("passes the engine's own refusal on as the StagingError it was", async () => {
    const failure = await failureOf(engine.stager.stage(input({ image: new Uint8Array([1, 2, 3, 4]) })));
    expect(failure).toBeInstanceOf(StagingError);
    expect(failure).toMatchObject({ kind: 'unsupported-image', message: MESSAGES.unsupportedImage });
  });

  it("keeps the engine's trace on a refusal, so its log line points to where the worker raised it", async () => {
    const failure = await failureOf(engine.stager.stage(input({ image: new Uint8Array([1, 2, 3, 4]) })));
    expect((failure as Error).stack).toMatch(/stagers\/engine\/decode\.ts/);
  });

  it("leaves the caller's photo as it was: the worker is handed a copy", async () => {
    const own = new Uint8Array(photo);
    await engine.analysis.analyse(own);
    expect(own.byteLength).toBe(photo.byteLength);
  });
});

describe("the engine's faults", () => {
  it('fails a staging whose worker crashed with a StagingError that says the credit was refunded', async () => {
    const failure = await failureOf(pooledStager(crashingPool()).stage(input({ prompt: 'crash' })));
    expect(failure).toBeInstanceOf(StagingError);
    expect(failure).toMatchObject({ kind: 'engine-failed', message: MESSAGES.engineStopped('crashed', true) });
  });

  it('fails a staging past its deadline with a StagingError that says it took too long', async () => {
    const stager = pooledStager(crashingPool());
    const failure = await failureOf(stager.stage(input({ prompt: 'spin', deadline: Date.now() + 300 })));
    expect(failure).toMatchObject({ kind: 'engine-failed', message: MESSAGES.engineStopped('timed-out', true) });
  });

  it('stages again on a new worker after a crash', async () => {
    const stager = pooledStager(crashingPool());
    await failureOf(stager.stage(input({ prompt: 'crash' })));
    await expect(stager.stage(input())).resolves.toMatchObject({ engine: 'local' });
  });

  it('fails a preview whose worker crashed saying no credit was used', async () => {
    const failure = await failureOf(pooledAnalysis(crashingPool()).analyse(photo, { confirmedFurniture: true }));
    expect(failure).toMatchObject({ kind: 'engine-failed', message: MESSAGES.engineStopped('crashed', false) });
  });

  it('lets go of the model lock a crashed worker held, so the next model run goes ahead', async () => {
    const pool = crashingPool();
    await expect(pool.run({ kind: 'dieInModel', payload: null, deadline: Date.now() + 20_000 })).rejects.toThrow();
    await expect(pool.run({ kind: 'model', payload: null, deadline: Date.now() + 5_000 })).resolves.toEqual(
      expect.any(Number),
    );
  });
});

describe('the engine workers setting', () => {
  it('is one per core when empty or auto', () => {
    expect(engineWorkers('FLIPSTAGE_ENGINE_WORKERS', undefined, 4)).toBe(4);
    expect(engineWorkers('FLIPSTAGE_ENGINE_WORKERS', ' ', 4)).toBe(4);
    expect(engineWorkers('FLIPSTAGE_ENGINE_WORKERS', 'auto', 4)).toBe(4);
  });

  it('takes a whole number, 0 for the request thread', () => {
    expect(engineWorkers('FLIPSTAGE_ENGINE_WORKERS', '3', 4)).toBe(3);
    expect(engineWorkers('FLIPSTAGE_ENGINE_WORKERS', '0', 4)).toBe(0);
  });

  it('refuses anything else, naming the setting', () => {
    for (const value of ['two', '-1', '1.5'])
      expect(() => engineWorkers('FLIPSTAGE_ENGINE_WORKERS', value, 4)).toThrow(/^FLIPSTAGE_ENGINE_WORKERS must be/);
  });

  it('with 0, has no workers and still answers a preview', async () => {
    const inThread = createEngineRuntime(0);
    expect(inThread.workers).toBe(0);
    await expect(inThread.analysis.analyse(photo)).resolves.toMatchObject({ verdict: 'ok' });
  });
});
