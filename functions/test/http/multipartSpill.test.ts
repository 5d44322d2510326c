/** parseMultipart keeps a big file on disk while it arrives, and leaves no temporary file behind on any path. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { errorHandler } from '../../src/http/errors.js';
import { parseMultipart, SPILL_AFTER_BYTES } from '../../src/http/multipart.js';

const BOUNDARY = 'spill-test-boundary';
const FILE_BYTES = 2 * SPILL_AFTER_BYTES;
const LIMIT_MESSAGE = MESSAGES.photoTooLarge(25);

let spillDir: string;
let server: ReturnType<express.Express['listen']>;
let port: number;

beforeEach(async () => {
  spillDir = mkdtempSync(join(tmpdir(), 'flipstage-spill-test-'));
  const app = express();
  app.post('/upload', async (req, res) => {
    const body = await parseMultipart(req, {
      fileFields: ['imageFile'],
      maxFiles: 1,
      maxFileBytes: 3 * SPILL_AFTER_BYTES,
      fileTooLargeMessage: LIMIT_MESSAGE,
      spillDir,
    });
    const file = body.files.get('imageFile')?.[0] ?? new Uint8Array();
    res.json({ bytes: file.byteLength, sha256: createHash('sha256').update(file).digest('hex') });
  });
  app.use(errorHandler);
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(spillDir, { recursive: true, force: true });
});

function fileBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31) % 251;
  return bytes;
}

const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="imageFile"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A multipart upload sent by hand, so a test can pause it midway. */
function openUpload(size: number): { req: ClientRequest; answer: Promise<{ status: number; body: unknown }> } {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/upload',
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const spilled = () => readdirSync(spillDir);

describe('a multipart file past 1 MB', () => {
  it('waits in a temporary file while it arrives, arrives whole, and the file is removed afterwards', async () => {
    const bytes = fileBytes(FILE_BYTES);
    const { req, answer } = openUpload(bytes.length);
    req.write(head);
    req.write(bytes.subarray(0, SPILL_AFTER_BYTES + 64 * 1024));
    await until(() => spilled().length === 1);
    req.end(Buffer.concat([bytes.subarray(SPILL_AFTER_BYTES + 64 * 1024), tail]));
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body).toEqual({ bytes: FILE_BYTES, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(spilled()).toEqual([]);
  });

  it('leaves no temporary file when the client goes away midway', async () => {
    const bytes = fileBytes(FILE_BYTES);
    const { req, answer } = openUpload(bytes.length);
    answer.catch(() => undefined);
    req.write(head);
    req.write(bytes.subarray(0, SPILL_AFTER_BYTES + 64 * 1024));
    await until(() => spilled().length === 1);
    req.destroy();
    await until(() => spilled().length === 0);
  });

  it('over the byte limit is refused with the route’s message and leaves no temporary file', async () => {
    const bytes = fileBytes(4 * SPILL_AFTER_BYTES);
    const { req, answer } = openUpload(bytes.length);
    req.end(Buffer.concat([head, bytes, tail]));
    const { status, body } = await answer;
    expect(status).toBe(413);
    expect(body).toEqual({ error: { message: LIMIT_MESSAGE } });
    expect(spilled()).toEqual([]);
  });
});

describe('a multipart file under 1 MB', () => {
  it('is taken in memory, no temporary file written', async () => {
    const bytes = fileBytes(SPILL_AFTER_BYTES / 2);
    const { req, answer } = openUpload(bytes.length);
    req.write(Buffer.concat([head, bytes]));
    // The whole file is in; the request is held open before its closing boundary.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spilled()).toEqual([]);
    req.end(tail);
    expect((await answer).body).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  });
});
