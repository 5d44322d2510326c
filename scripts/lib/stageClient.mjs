// The bench's client for POST /api/stage on a thread of its own. On the host's event loop, its
// multipart encoding and its reading of each answer would wait for the host's work and hold it
// up in turn, and count as the API's time; a real client is another machine. For the same reason
// it is node:http on a kept-alive connection with each body encoded before its clock starts:
// fetch's FormData streaming and answer reading cost about 3.5 ms of the client's own per
// request, which is the client's time, not the API's.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const ROLE = 'flipstage-stage-client';

/**
 * Stages the photo `runs` times, one after another, and resolves to each request's milliseconds
 * from sending to the answer's last byte, in order.
 * @param {{ url: string, token: string, photoPath: string, fileField: string, runs: number, fields: Record<string, string> }} options
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

/**
 * A multipart/form-data body as a browser sends it: the text fields, then the photo.
 * @param {Record<string, string>} fields
 * @param {string} fileField
 * @param {Buffer} photo
 */
function multipartBody(fields, fileField, photo) {
  const boundary = `flipstage-bench-${randomUUID()}`;
  const part = (name, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const text = Object.entries(fields).map(([name, value]) => `${part(name)}\r\n${value}\r\n`);
  const head = `${text.join('')}${part(fileField, '; filename="photo.jpg"')}Content-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One request; resolves to its status once the answer's last byte is in.
 * @param {URL} url @param {Agent} agent @param {Record<string, string | number>} headers @param {Buffer} body
 * @returns {Promise<number | undefined>}
 */
function post(url, agent, headers, body) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', agent, headers }, (answer) => {
      answer.resume();
      answer.once('end', () => resolve(answer.statusCode));
      answer.once('error', reject);
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

/** @param {{ url: string, token: string, photoPath: string, fileField: string, runs: number, fields: Record<string, string> }} options */
async function stageRuns({ url, token, photoPath, fileField, runs, fields }) {
  const photo = readFileSync(photoPath);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(`${url}/api/stage`);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { body, contentType } = multipartBody(fields, fileField, photo);
    const headers = {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      'content-type': contentType,
      'content-length': body.byteLength,
    };
    const started = performance.now();
    const status = await post(target, agent, headers, body);
    if (status !== 200) throw new Error(`stage answered ${status}`);
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

if (!isMainThread && workerData?.role === ROLE) parentPort?.postMessage(await stageRuns(workerData));
