/**
 * Issue 27: a photo the server cannot tell the piece in, from the manifest to the report,
 * through the real API client against a stand-in API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { ApiClient } from '../../src/api/apiClient.js';
import { EXIT } from '../../src/errors/exitCodes.js';
import { createLogger } from '../../src/output/logger.js';
import { stageBatch } from '../../src/stage/batch.js';
import { stageOptionsSchema } from '../../src/stage/options.js';
import { planRun } from '../../src/stage/runPlan.js';
import { StateFile } from '../../src/stage/stateFile.js';
import { StopSwitch } from '../../src/stage/stopSwitch.js';
import { reportRun } from '../../src/stage/summary.js';
import { jpegHeader } from './imageHeaders.js';

const quiet = { begin() {}, done() {}, note() {}, end() {} };

describe('a photo the server is unsure about', () => {
  let dir: string;
  /** Each staging request the stand-in API saw: the photo's name and its subject field. */
  let requests: { file: string; subject: string | null }[];
  let client: ApiClient;
  let close: () => Promise<void>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-unsure-'));
    await mkdir(join(dir, 'photos'));
    await writeFile(join(dir, 'photos', 'chairs.jpg'), jpegHeader(2000, 1000));
    await writeFile(join(dir, 'photos', 'sofa.jpg'), jpegHeader(1200, 900));
    requests = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/out/')) return res.end('staged');
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': String(req.headers['content-type']) },
        }).formData();
        const file = (form.get('imageFile') as File).name;
        const subject = form.get('subject') as string | null;
        requests.push({ file, subject });
        if (file === 'chairs.jpg' && subject === null) {
          res.statusCode = 422;
          return res.end(JSON.stringify({ error: { message: MESSAGES.unsureSubject, code: 'unsure-subject' } }));
        }
        res.end(JSON.stringify({ editId: file, inputUrl: '/in', outputUrl: `/out/${file}`, creditsRemaining: 4 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new ApiClient(base, { idToken: async () => 't', renew: async () => 't' });
    close = async () => {
      await client.close();
      await new Promise((resolve) => server.close(resolve));
    };
  });
  afterEach(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  async function stageFolder(extra: Record<string, unknown> = {}) {
    const plan = await planRun(stageOptionsSchema.parse({ inputs: ['photos'], out: 'staged', ...extra }), dir);
    await mkdir(plan.outDir, { recursive: true });
    const batch = await stageBatch(
      plan.toStage,
      { outDir: plan.outDir, force: false, concurrency: 2 },
      { client, state: await StateFile.open(plan.outDir), progress: quiet, stop: new StopSwitch() },
    );
    const logger = createLogger({
      stdout: { write: () => true },
      stderr: { write: () => true },
      stdin: process.stdin,
      env: {},
    });
    const exitCode = await reportRun({
      plan,
      batch,
      creditsLeft: 4,
      startedAt: Date.now(),
      api: 'http://127.0.0.1/api',
      pricing: 'http://127.0.0.1/pricing',
      mode: 'quiet',
      logger,
    });
    const report = JSON.parse(await readFile(join(plan.outDir, 'flipstage-report.json'), 'utf8'));
    return { exitCode, run: report.runs[0] };
  }

  it('is asked once, skipped uncharged and shown as "mark the piece"; the rest of the folder is staged', async () => {
    const { exitCode, run } = await stageFolder();
    expect(requests.filter((r) => r.file === 'chairs.jpg')).toHaveLength(1);
    expect(run.creditsUsed).toBe(1);
    expect(run.markThePiece).toEqual([{ file: join('photos', 'chairs.jpg'), reason: MESSAGES.unsureSubject }]);
    expect(run.sheet.find((card: { caption: string }) => card.caption === 'chairs.jpg')).toMatchObject({
      status: 'mark the piece',
      reason: MESSAGES.unsureSubject,
    });
    expect(exitCode).toBe(EXIT.someFailed);
  });

  it('is staged on the next run once the manifest marks the piece, and only it is sent', async () => {
    await stageFolder();
    await writeFile(join(dir, 'manifest.csv'), 'file,box\nphotos/chairs.jpg,"1000,0,1000,1000 px"\n');
    requests = [];
    const { exitCode, run } = await stageFolder({ manifest: 'manifest.csv' });
    expect(requests).toEqual([{ file: 'chairs.jpg', subject: 'box:0.5,0,0.5,1' }]);
    expect(run.markThePiece).toEqual([]);
    expect(exitCode).toBe(EXIT.ok);
  });
});
