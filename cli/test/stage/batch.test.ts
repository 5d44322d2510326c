import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES, type StageResponse } from '@flipstage/core';
import type { StageUpload } from '../../src/api/apiClient.js';
import { ApiError, NetworkError } from '../../src/api/apiError.js';
import { stageBatch, type BatchClient } from '../../src/stage/batch.js';
import { idempotencyKey, sha256Hex } from '../../src/stage/idempotency.js';
import { assignOutputs } from '../../src/stage/outputs.js';
import type { Progress } from '../../src/stage/progress.js';
import { StateFile } from '../../src/stage/stateFile.js';
import { StopSwitch } from '../../src/stage/stopSwitch.js';

const choice = { style: 'modern', furnitureType: 'sofa', mode: 'auto', prompt: 'a room', hd: false } as const;
const quiet: Progress = { begin() {}, done() {}, note() {}, end() {} };

/** Stands in for the API behind the BatchClient port; `answer` decides each staging request. */
class ScriptedClient implements BatchClient {
  readonly keys: string[] = [];
  readonly uploads: StageUpload[] = [];
  private readonly byFile = new Map<string, string>();
  failDownloads = false;
  constructor(private readonly answer: (upload: StageUpload) => StageResponse | Error | Promise<StageResponse>) {}

  async stage(upload: StageUpload): Promise<StageResponse> {
    this.keys.push(upload.idempotencyKey);
    this.uploads.push(upload);
    this.byFile.set(upload.filename, upload.idempotencyKey);
    const answer = await this.answer(upload);
    if (answer instanceof Error) throw answer;
    return answer;
  }

  keyFor(filename: string): string | undefined {
    return this.byFile.get(filename);
  }

  async download(url: string, target: string): Promise<void> {
    if (this.failDownloads) throw new ApiError(404, 'Not found.');
    await writeFile(target, `staged from ${url}`);
  }
}

const ok = (upload: StageUpload): StageResponse => ({
  editId: `edit-${upload.filename}`,
  inputUrl: `http://host/in/${upload.filename}`,
  outputUrl: `http://host/out/${upload.filename}`,
  creditsRemaining: 5,
});

describe('stageBatch', () => {
  let dir: string;
  let outDir: string;
  const names = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-batch-'));
    outDir = join(dir, 'out');
    await mkdir(outDir);
    for (const [i, name] of names.entries()) await writeFile(join(dir, name), new Uint8Array([0xff, 0xd8, 0xff, i]));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const images = () =>
    assignOutputs(
      names.map((name) => ({ path: join(dir, name), display: name, subdir: '', kind: 'jpeg' as const, choice })),
    );

  async function run(client: ScriptedClient, force = false, stop = new StopSwitch(), concurrency = 2) {
    return stageBatch(
      images(),
      { outDir, force, concurrency },
      { client, state: await StateFile.open(outDir), progress: quiet, stop },
    );
  }

  it('stages every image and saves each output under its name', async () => {
    const result = await run(new ScriptedClient(ok));
    expect(result.staged.map((s) => s.image.output).sort()).toEqual([
      'a.staged.jpg',
      'b.staged.jpg',
      'c.staged.jpg',
      'd.staged.jpg',
    ]);
    expect(await readFile(join(outDir, 'b.staged.jpg'), 'utf8')).toBe('staged from http://host/out/b.jpg');
  });

  it('keeps going after one image fails, and reports the reason', async () => {
    const client = new ScriptedClient((upload) =>
      upload.filename === 'b.jpg' ? new ApiError(400, 'This file is not a supported image.') : ok(upload),
    );
    const result = await run(client);
    expect(result.staged).toHaveLength(3);
    expect(result.failed.map((f) => [f.image.display, f.reason])).toEqual([
      ['b.jpg', 'This file is not a supported image.'],
    ]);
  });

  it('sends the marked piece with the photo', async () => {
    const subject = { kind: 'box', x: 0.1, y: 0.2, width: 0.6, height: 0.7 } as const;
    const client = new ScriptedClient(ok);
    await stageBatch(
      assignOutputs([
        { path: join(dir, 'a.jpg'), display: 'a.jpg', subdir: '', kind: 'jpeg', choice: { ...choice, subject } },
      ]),
      { outDir, force: false, concurrency: 1 },
      { client, state: await StateFile.open(outDir), progress: quiet, stop: new StopSwitch() },
    );
    expect(client.uploads.map((upload) => upload.subject)).toEqual([subject]);
  });

  it('sends a camera file above the engine’s size shrunk, keyed by its own bytes', async () => {
    const camera = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#7a6' } })
      .jpeg()
      .toBuffer();
    await writeFile(join(dir, 'a.jpg'), camera);
    const client = new ScriptedClient(ok);
    await run(client);
    const sent = client.uploads.find((upload) => upload.filename === 'a.jpg')!;
    expect(await sharp(sent.bytes).metadata()).toMatchObject({ width: 4096, height: 2731 });
    expect(sent.idempotencyKey).toBe(idempotencyKey(sha256Hex(camera), choice, 1));
  });

  it('skips a photo the server is unsure about, uncharged, as one to mark rather than a failure', async () => {
    const client = new ScriptedClient((upload) =>
      upload.filename === 'b.jpg' ? new ApiError(422, MESSAGES.unsureSubject, undefined, 'unsure-subject') : ok(upload),
    );
    const result = await run(client);
    expect(result.refused.map((r) => [r.image.display, r.code, r.reason])).toEqual([
      ['b.jpg', 'unsure-subject', MESSAGES.unsureSubject],
    ]);
    expect(result.failed).toEqual([]);
    expect(result.staged.map((s) => s.image.display)).not.toContain('b.jpg');
  });

  it('skips a photo of no furniture as such, and fails a 422 without a code as before', async () => {
    const client = new ScriptedClient((upload) => {
      if (upload.filename === 'a.jpg') return new ApiError(422, 'A cat.', undefined, 'not-furniture');
      if (upload.filename === 'b.jpg') return new ApiError(422, 'Unreadable.');
      return ok(upload);
    });
    const result = await run(client);
    expect(result.refused.map((r) => [r.image.display, r.code])).toEqual([['a.jpg', 'not-furniture']]);
    expect(result.failed.map((f) => f.image.display)).toEqual(['b.jpg']);
  });

  it('asks again about a photo to mark on the next run, with a new key', async () => {
    const first = new ScriptedClient(() => new ApiError(422, MESSAGES.unsureSubject, undefined, 'unsure-subject'));
    await run(first);
    const second = new ScriptedClient(ok);
    await run(second);
    expect(second.keyFor('a.jpg')).not.toBe(first.keyFor('a.jpg'));
  });

  it('sends a new key for an image the server refused, and the same key after a lost connection', async () => {
    const first = new ScriptedClient((upload) => {
      if (upload.filename === 'a.jpg') return new ApiError(400, 'refused');
      if (upload.filename === 'b.jpg') return new NetworkError('socket hang up');
      return ok(upload);
    });
    await run(first);
    const second = new ScriptedClient(ok);
    await run(second);
    expect(second.keyFor('a.jpg')).not.toBe(first.keyFor('a.jpg'));
    expect(second.keyFor('b.jpg')).toBe(first.keyFor('b.jpg'));
  });

  it('stops starting images after a 402 and reports the rest as not started', async () => {
    const client = new ScriptedClient((upload) =>
      upload.filename === 'a.jpg' ? new ApiError(402, 'You need credits to generate images.') : ok(upload),
    );
    const result = await run(client);
    expect(result.stopped).toBe('out-of-credits');
    expect(result.staged.length + result.failed.length).toBe(4);
    expect(result.failed.find((f) => f.image.display === 'd.jpg')?.reason).toBe(
      'Not started: You need credits to generate images.',
    );
  });

  it('reports the balance the API gave with each charge', async () => {
    const result = await run(new ScriptedClient(ok));
    expect(result.staged.map((s) => s.creditsRemaining)).toEqual([5, 5, 5, 5]);
  });

  it('stops starting images after three lost connections in a row, leaving the rest for the next run', async () => {
    const client = new ScriptedClient(() => new NetworkError('connect ECONNREFUSED'));
    const result = await run(client, false, new StopSwitch(), 1);
    expect(result.stopped).toBe('unreachable');
    expect(result.failed.map((f) => f.image.display)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(result.notStarted.map((image) => image.display)).toEqual(['d.jpg']);
  });

  it('counts only lost connections in a row: an answer in between starts the count again', async () => {
    const client = new ScriptedClient((upload) =>
      upload.filename === 'c.jpg' ? ok(upload) : new NetworkError('connect ECONNREFUSED'),
    );
    const result = await run(client, false, new StopSwitch(), 1);
    expect(result.stopped).toBeNull();
    expect(result.notStarted).toEqual([]);
  });

  it('does not count HTTP errors as a lost server', async () => {
    const client = new ScriptedClient(() => new ApiError(503, 'Service unavailable'));
    const result = await run(client, false, new StopSwitch(), 1);
    expect(result.stopped).toBeNull();
    expect(result.failed).toHaveLength(4);
  });

  it('after an interrupt, finishes and saves the images in flight and starts no new one', async () => {
    const stop = new StopSwitch();
    let bSent!: () => void;
    const bIsSent = new Promise<void>((resolve) => (bSent = resolve));
    const client = new ScriptedClient(async (upload) => {
      if (upload.filename === 'b.jpg') {
        stop.stop('interrupted');
        bSent();
      }
      // The interrupt comes while a is in flight: however long b takes to read, a answers after it.
      if (upload.filename === 'a.jpg') await bIsSent;
      return ok(upload);
    });
    const result = await run(client, false, stop);
    expect(result.stopped).toBe('interrupted');
    expect(result.staged.map((s) => s.image.display).sort()).toEqual(['a.jpg', 'b.jpg']);
    expect(await readFile(join(outDir, 'b.staged.jpg'), 'utf8')).toBe('staged from http://host/out/b.jpg');
    expect(result.notStarted.map((image) => image.display)).toEqual(['c.jpg', 'd.jpg']);
    expect(result.failed).toEqual([]);
  });

  it('keeps the key of an image that was staged but not downloaded, so fetching it again is free', async () => {
    const first = new ScriptedClient(ok);
    first.failDownloads = true;
    const failed = await run(first);
    expect(failed.failed).toHaveLength(4);
    const second = new ScriptedClient(ok);
    await run(second);
    expect(new Set(second.keys)).toEqual(new Set(first.keys));
  });

  it('uses new keys for images staged before when forced', async () => {
    const first = new ScriptedClient(ok);
    await run(first);
    const second = new ScriptedClient(ok);
    await run(second, true);
    expect(second.keys.filter((key) => first.keys.includes(key))).toEqual([]);
  });
});
