/**
 * The worker pool (issue 43): jobs run on worker threads, at most `size` at once and the rest in
 * order, and a worker that dies or overruns fails only its own job and is replaced. Every worker
 * here is a real thread running test/stagers/pool/testWorker.ts, and every crash a real one.
 */
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { JobFailed } from '../../../src/stagers/pool/workerJobs.js';
import { WorkerPool, WorkerStopped, type PoolJob } from '../../../src/stagers/pool/workerPool.js';

const TEST_WORKER = new URL('./testWorker.ts', import.meta.url);
const pools: WorkerPool[] = [];

function pool(size: number, options: { heapMb?: number; onWorkerGone?: (threadId: number) => void } = {}) {
  const made = new WorkerPool({
    entry: TEST_WORKER,
    size,
    ...(options.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
    ...(options.onWorkerGone ? { onWorkerGone: options.onWorkerGone } : {}),
  });
  pools.push(made);
  return made;
}

const job = (kind: string, payload?: unknown, extra: Partial<PoolJob> = {}): PoolJob => ({
  kind,
  payload,
  deadline: Date.now() + 20_000,
  ...extra,
});

const stopped = (reason: WorkerStopped['reason']) => expect.objectContaining({ name: 'WorkerStopped', reason });

afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('a worker pool', () => {
  it('runs a job on a thread of its own and answers its value', async () => {
    const answer = (await pool(1).run(job('echo', { photo: 'dresser' }))) as { payload: unknown; threadId: number };
    expect(answer.payload).toEqual({ photo: 'dresser' });
    expect(answer.threadId).not.toBe(threadId);
  });

  it("passes the job's events to its listener, in order, before the answer", async () => {
    const events: unknown[] = [];
    const answer = await pool(1).run(
      job('events', ['decode', 'segment', 'encode'], { onEvent: (e) => events.push(e) }),
    );
    expect(events).toEqual(['decode', 'segment', 'encode']);
    expect(answer).toBe('after the events');
  });

  it('hands transferred buffers over instead of copying them, both ways', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = await pool(1).run(job('bytes', bytes, { transfer: [bytes.buffer] }));
    expect(bytes.byteLength).toBe(0);
    expect(answer).toEqual(new Uint8Array([6]));
  });

  it('starts no worker before the first job', () => {
    const idle = pool(2);
    expect(idle.started).toBe(0);
    expect(idle.alive).toBe(0);
  });

  it('runs at most `size` jobs at once and the rest, in order, as workers free up', async () => {
    const two = pool(2);
    const finished: number[] = [];
    const runs = [0, 1, 2, 3].map((n) => two.run(job('sleep', 150)).then(() => finished.push(n)));
    expect(two.alive).toBe(2);
    await Promise.all(runs);
    expect(two.started).toBe(2);
    expect(finished.slice(2).sort()).toEqual([2, 3]);
  });

  it('keeps a worker for the next job: the thread that ran one runs the next when it is idle', async () => {
    const one = pool(2);
    const first = (await one.run(job('echo'))) as { threadId: number };
    const second = (await one.run(job('echo'))) as { threadId: number };
    expect(second.threadId).toBe(first.threadId);
    expect(one.started).toBe(1);
  });

  it('sends a job to the idle worker that took the last job with its affinity key', async () => {
    const two = pool(2);
    const [a, b] = (await Promise.all([
      two.run(job('sleep', 100)),
      two.run(job('sleep', 100, { affinity: 'photo-b' })),
    ])) as number[];
    expect(a).not.toBe(b);
    expect(await two.run(job('sleep', 0, { affinity: 'photo-b' }))).toBe(b);
  });

  it('does not wait for a busy worker an affinity key prefers while another is idle', async () => {
    const two = pool(2);
    const busy = (await two.run(job('sleep', 0, { affinity: 'photo' }))) as number;
    const holding = two.run(job('sleep', 300));
    const other = await two.run(job('sleep', 0, { affinity: 'photo' }));
    expect([busy, other]).toContain(await holding);
    expect(other).not.toBe(await holding);
  });

  it("fails a job with its worker's error, and the same worker serves the next job", async () => {
    const one = pool(1);
    const failure = await one.run(job('refuse')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobFailed);
    expect((failure as JobFailed).failure).toMatchObject({
      name: 'StagingError',
      kind: 'no-subject',
      message: 'nothing to cut out',
    });
    await expect(one.run(job('echo'))).resolves.toBeDefined();
    expect(one.started).toBe(1);
  });
});

describe("a worker pool's faults", () => {
  it('fails only the job of a worker that exits, while the other worker finishes its own', async () => {
    const two = pool(2);
    const other = two.run(job('sleep', 300));
    const dying = two.run(job('exit'));
    await expect(dying).rejects.toEqual(stopped('crashed'));
    await expect(dying).rejects.toThrow(/exited with code 3/);
    await expect(other).resolves.toEqual(expect.any(Number));
  });

  it('replaces a worker that died: the next job runs on a new thread', async () => {
    const one = pool(1);
    const before = (await one.run(job('echo'))) as { threadId: number };
    await expect(one.run(job('exit'))).rejects.toEqual(stopped('crashed'));
    const after = (await one.run(job('echo'))) as { threadId: number };
    expect(after.threadId).not.toBe(before.threadId);
    expect(one.started).toBe(2);
  });

  it('fails the job of a worker that throws where nothing catches it', async () => {
    const one = pool(1);
    await expect(one.run(job('uncaught'))).rejects.toThrow(/thrown where nobody catches it/);
    await expect(one.run(job('echo'))).resolves.toBeDefined();
  });

  it('fails the job of a worker that runs out of heap, and the process goes on', async () => {
    const one = pool(1, { heapMb: 16 });
    const failure = await one.run(job('hoard')).catch((error: unknown) => error);
    expect(failure).toEqual(stopped('crashed'));
    expect(((failure as WorkerStopped).cause as { code?: string }).code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    await expect(one.run(job('echo'))).resolves.toBeDefined();
  });

  it('cancels a job still running at its deadline, and terminates its worker', async () => {
    const gone: number[] = [];
    const one = pool(1, { onWorkerGone: (id) => gone.push(id) });
    const { threadId: spinning } = (await one.run(job('echo'))) as { threadId: number };
    await expect(one.run(job('spin', undefined, { deadline: Date.now() + 300 }))).rejects.toEqual(stopped('timed-out'));
    expect(gone).toEqual([spinning]);
    expect(one.alive).toBe(0);
  });

  it('runs the next job on a new worker after a deadline recycled the last one', async () => {
    const one = pool(1);
    await expect(one.run(job('spin', undefined, { deadline: Date.now() + 300 }))).rejects.toEqual(stopped('timed-out'));
    await expect(one.run(job('sleep', 0))).resolves.toEqual(expect.any(Number));
    expect(one.started).toBe(2);
  });

  it('fails a job that waited in the queue past its deadline without running it', async () => {
    const one = pool(1);
    const holding = one.run(job('sleep', 400));
    const events: unknown[] = [];
    const waiting = one.run(job('events', ['ran'], { deadline: Date.now() + 100, onEvent: (e) => events.push(e) }));
    await expect(waiting).rejects.toEqual(stopped('timed-out'));
    await holding;
    expect(events).toEqual([]);
  });

  it('fails a job that comes in past its deadline without starting a worker', async () => {
    const one = pool(1);
    await expect(one.run(job('echo', undefined, { deadline: Date.now() - 1 }))).rejects.toEqual(stopped('timed-out'));
    expect(one.started).toBe(0);
  });

  it('tells who asked which thread died, so whatever it held can be let go', async () => {
    const gone: number[] = [];
    const one = pool(1, { onWorkerGone: (id) => gone.push(id) });
    const { threadId: dying } = (await one.run(job('echo'))) as { threadId: number };
    await expect(one.run(job('exit'))).rejects.toEqual(stopped('crashed'));
    expect(gone).toEqual([dying]);
  });

  it('answers the running job when closed, and fails the waiting ones and every later one', async () => {
    const one = pool(1);
    const running = one.run(job('sleep', 300));
    const waiting = one.run(job('echo')).catch((error: unknown) => error);
    await one.close();
    expect(await running).toEqual(expect.any(Number));
    expect(await waiting).toEqual(stopped('closed'));
    expect(one.alive).toBe(0);
    await expect(one.run(job('echo'))).rejects.toEqual(stopped('closed'));
  });

  it('fails a running job still going when the close stops waiting for it', async () => {
    const one = pool(1);
    const running = one.run(job('sleep', 5_000)).catch((error: unknown) => error);
    await one.close(100);
    expect(await running).toEqual(stopped('closed'));
    expect(one.alive).toBe(0);
  });
});
