import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { StagingError, type StageInput } from '../../src/ports/stager.js';
import {
  PHOTOROOM_OUTPUT_SIZE,
  createPhotoroomStager,
  photoroomSeed,
  type PhotoroomLog,
} from '../../src/stagers/photoroom.js';
import {
  startPhotoroomStandIn,
  type PhotoroomStandIn,
  type ReceivedRequest,
  type StandInReply,
} from '../helpers/photoroomStandIn.js';

let server: Server | undefined;
let standIn: PhotoroomStandIn | undefined;
let jpeg: Uint8Array;
let input: StageInput;

beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );
  input = {
    image: jpeg,
    prompt: 'a bright Scandinavian living room',
    style: 'scandinavian',
    furnitureType: 'sofa',
    mode: 'auto',
    size: 'standard',
    variant: 0,
  };
});

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await standIn?.close();
  standIn = undefined;
});

/** A stand-in for Photoroom that answers the given replies in turn and records each request. */
async function photoroomStub(replies: StandInReply[]): Promise<{ baseUrl: string; seen: ReceivedRequest[] }> {
  standIn = await startPhotoroomStandIn(replies);
  return { baseUrl: standIn.baseUrl, seen: standIn.received };
}

function stager(baseUrl: string, extra: { modelVersion?: string; log?: PhotoroomLog; sleeps?: number[] } = {}) {
  return createPhotoroomStager({
    apiKey: 'sk_test_key',
    baseUrl,
    sleep: async (ms) => {
      extra.sleeps?.push(ms);
    },
    random: () => 0.5,
    ...(extra.modelVersion ? { modelVersion: extra.modelVersion } : {}),
    log: extra.log ?? (() => {}),
  });
}

async function failure(promise: Promise<unknown>): Promise<StagingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StagingError);
  return error as StagingError;
}

describe('Photoroom adapter', () => {
  it('posts a multipart request to /v2/edit with the key header and every field, grounding included, and nothing in the query string', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 200, body: jpeg }]);
    await stager(baseUrl).stage(input);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v2/edit');
    expect(request!.headers['x-api-key']).toBe('sk_test_key');
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.headers['pr-ai-background-model-version']).toBeUndefined();
    const fields = Object.fromEntries([...request!.form.entries()].filter(([, v]) => typeof v === 'string'));
    expect(fields).toEqual({
      'background.prompt': 'a bright Scandinavian living room',
      'background.negativePrompt': 'no furniture',
      'background.seed': String(photoroomSeed(input)),
      referenceBox: 'originalImage',
      'export.format': 'jpeg',
      outputSize: PHOTOROOM_OUTPUT_SIZE.standard,
      'shadow.mode': 'ai.soft',
      'lighting.mode': 'ai.preserve-hue-and-saturation',
    });
    const file = request!.form.get('imageFile');
    expect(file).toBeInstanceOf(File);
    expect([(file as File).type, (file as File).name]).toEqual(['image/jpeg', 'furniture.jpg']);
  });

  it('asks for another background for another variant, and for the same one for the same request', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 200, body: jpeg }]);
    const outputs = [
      await stager(baseUrl).stage(input),
      await stager(baseUrl).stage({ ...input, variant: 1 }),
      await stager(baseUrl).stage(input),
    ];
    const seeds = seen.map((request) => Number(request.form.get('background.seed')));
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(seeds[2]).toBe(seeds[0]);
    for (const seed of seeds) expect(seed).toSatisfy((n: number) => Number.isInteger(n) && n >= 1 && n < 2 ** 31);
    expect(outputs.map((out) => out.seed)).toEqual(seeds);
  });

  it('asks for the HD output size for HD requests', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 200, body: jpeg }]);
    await stager(baseUrl).stage({ ...input, size: 'hd' });
    expect(seen[0]!.form.get('outputSize')).toBe(PHOTOROOM_OUTPUT_SIZE.hd);
  });

  it('sends the configured background model version as a header', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 200, body: jpeg }]);
    await stager(baseUrl, { modelVersion: 'background-studio-beta-2025-03-17' }).stage(input);
    expect(seen[0]!.headers['pr-ai-background-model-version']).toBe('background-studio-beta-2025-03-17');
  });

  it('returns the image bytes with their width and height', async () => {
    const { baseUrl } = await photoroomStub([{ status: 200, body: jpeg }]);
    const out = await stager(baseUrl).stage(input);
    expect(out.jpeg).toEqual(jpeg);
    expect([out.width, out.height]).toEqual([64, 48]);
    expect(out.engine).toBe('photoroom');
  });

  it('logs the pr-unsupported-attributes header when Photoroom sends it', async () => {
    const events: Array<[string, Record<string, unknown>]> = [];
    const { baseUrl } = await photoroomStub([
      {
        status: 200,
        body: jpeg,
        headers: { 'content-type': 'image/jpeg', 'pr-unsupported-attributes': 'background.negativePrompt' },
      },
    ]);
    await stager(baseUrl, { log: (event, fields) => events.push([event, fields]) }).stage(input);
    expect(events).toContainEqual(['photoroom.unsupported-attributes', { attributes: 'background.negativePrompt' }]);
  });

  it('retries a 429 after a backoff and returns the next success', async () => {
    const sleeps: number[] = [];
    const { baseUrl, seen } = await photoroomStub([
      { status: 429, body: '{"error":{"message":"Too many requests"}}' },
      { status: 200, body: jpeg },
    ]);
    const out = await stager(baseUrl, { sleeps }).stage(input);
    expect(seen).toHaveLength(2);
    expect(out.jpeg).toEqual(jpeg);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(0);
  });

  it('gives up after three 500s as provider-unavailable, with growing backoff', async () => {
    const sleeps: number[] = [];
    const { baseUrl, seen } = await photoroomStub([{ status: 500, body: '{"error":{"message":"Internal error"}}' }]);
    const error = await failure(stager(baseUrl, { sleeps }).stage(input));
    expect(seen).toHaveLength(3);
    expect(error.kind).toBe('provider-unavailable');
    expect(error.message).toBe(MESSAGES.stagingUnavailable);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]!);
  });

  it('does not retry when the backoff would leave too little of the deadline for another try', async () => {
    const sleeps: number[] = [];
    const { baseUrl, seen } = await photoroomStub([
      {
        status: 503,
        headers: { 'retry-after': '2', 'content-type': 'application/json' },
        body: '{"error":{"message":"Busy"}}',
      },
    ]);
    const error = await failure(stager(baseUrl, { sleeps }).stage({ ...input, deadline: Date.now() + 6_000 }));
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error.kind).toBe('provider-unavailable');
  });

  it('starts no request at all when the deadline has already passed', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 200, body: jpeg }]);
    const error = await failure(stager(baseUrl).stage({ ...input, deadline: Date.now() - 1 }));
    expect(seen).toHaveLength(0);
    expect(error.kind).toBe('provider-unavailable');
  });

  it('aborts a request that is still running when the deadline comes', async () => {
    server = createServer(() => {
      // Never answers: the adapter must give up by itself.
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = Date.now();
    const error = await failure(stager(baseUrl).stage({ ...input, deadline: started + 5_200 }));
    expect(error.kind).toBe('provider-unavailable');
    expect(Date.now() - started).toBeLessThan(9_000);
    server.closeAllConnections();
  });

  it('treats 402 (no credits left) as provider-unavailable and keeps the detail as the cause', async () => {
    const { baseUrl, seen } = await photoroomStub([
      { status: 402, body: '{"error":{"detail":"API credits exhausted"}}' },
    ]);
    const error = await failure(stager(baseUrl).stage(input));
    expect(seen).toHaveLength(1);
    expect(error.kind).toBe('provider-unavailable');
    expect(String((error.cause as Error).message)).toContain('API credits exhausted');
  });

  it('treats 403 (bad key) as provider-unavailable without retrying', async () => {
    const { baseUrl, seen } = await photoroomStub([{ status: 403, body: '{"detail":"Forbidden"}' }]);
    const error = await failure(stager(baseUrl).stage(input));
    expect(seen).toHaveLength(1);
    expect(error.kind).toBe('provider-unavailable');
  });

  it('treats 400 (an image Photoroom cannot use) as provider-rejected with the message as the cause', async () => {
    const { baseUrl, seen } = await photoroomStub([
      { status: 400, body: '{"error":{"message":"Could not detect a subject"}}' },
    ]);
    const error = await failure(stager(baseUrl).stage(input));
    expect(seen).toHaveLength(1);
    expect(error.kind).toBe('provider-rejected');
    expect(error.message).toBe(MESSAGES.stagingRejected);
    expect(String((error.cause as Error).message)).toContain('Could not detect a subject');
  });

  it('treats an unreachable server as provider-unavailable after three tries', async () => {
    const sleeps: number[] = [];
    const error = await failure(stager('http://127.0.0.1:9', { sleeps }).stage(input));
    expect(error.kind).toBe('provider-unavailable');
    expect(sleeps).toHaveLength(2);
  });
});
