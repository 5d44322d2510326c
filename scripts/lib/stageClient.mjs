// The bench's client for POST /api/stage on a thread of its own. On the host's event loop, its
// multipart encoding and its reading of each answer would wait for the host's work and hold it
// up in turn, and count as the API's time; a real client is another machine.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const ROLE = 'flipstage-stage-client';

/**
 * Stages the photo `runs` times, one after another, and resolves to each request's milliseconds
 * from sending to the answer's last byte, in order.
 * @param {{ url: string, token: string, photoPath: string, runs: number, fields: Record<string, string> }} options
 * @returns {Promise<number[]>}
 */
export function stageFromAnotherThread(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE, ...options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the stage client stopped (exit ${code}) before it answered`)));
  });
}

/** @param {{ url: string, token: string, photoPath: string, runs: number, fields: Record<string, string> }} options */
async function stageRuns({ url, token, photoPath, runs, fields }) {
  const photo = readFileSync(photoPath);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const form = new FormData();
    form.set('imageFile', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const started = performance.now();
    const response = await fetch(`${url}/api/stage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`stage answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

if (!isMainThread && workerData?.role === ROLE) parentPort?.postMessage(await stageRuns(workerData));
