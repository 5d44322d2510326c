import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, LOCAL_PRICE_IDS, mergeUser } from '@flipstage/core';
import { ApiClient, apiUrl, type ApiClientOptions } from '../../src/api/apiClient.js';
import { ApiError, UnexpectedResponseError } from '../../src/api/apiError.js';
import type { RetryPolicy } from '../../src/api/retry.js';

const tokens = { idToken: async () => 'token', renew: async () => 'token' };
const user = mergeUser({ uid: 'u1', email: 'ada@example.com' }, null, {
  creditsRemaining: 4,
  stripePriceId: LOCAL_PRICE_IDS.flipper,
  stripeSubscriptionStatus: 'active',
});

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** The waits the client asked for, instead of sleeping through them. */
let slept: number[] = [];
const noSleep: RetryPolicy = { tries: 3, random: () => 0, sleep: async (ms) => void slept.push(ms) };
afterEach(() => {
  slept = [];
});

/** A stand-in API on a free port; `answer` sees each request with its body. */
async function fakeApi(
  answer: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void | Promise<void>,
  options: ApiClientOptions = {},
) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void answer(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, tokens, {
    retry: noSleep,
    ...options,
  });
  close = async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  };
  return client;
}

const json = (res: ServerResponse, body: unknown) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

describe('apiUrl', () => {
  it("joins core's /api paths onto a base that already ends in /api", () => {
    expect(apiUrl('http://127.0.0.1:5050/api', API_PATHS.stage)).toBe('http://127.0.0.1:5050/api/stage');
  });

  it('ignores a trailing slash on the base', () => {
    expect(apiUrl('https://flipstage.example/api/', API_PATHS.account)).toBe('https://flipstage.example/api/account');
  });
});

describe('ApiClient', () => {
  it('reads the account the API answers with', async () => {
    const client = await fakeApi((_req, _body, res) => json(res, { ...user, hdAllowed: true }));
    expect(await client.account()).toEqual({ ...user, hdAllowed: true });
  });

  it('refuses an account that does not match the contract, naming the field', async () => {
    const client = await fakeApi((_req, _body, res) => json(res, user));
    const error = await client.account().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain(`${API_PATHS.account} is not what this CLI expects (hdAllowed:`);
  });

  it('refuses a 200 that is not JSON', async () => {
    const client = await fakeApi((_req, _body, res) => {
      res.end('<html>welcome</html>');
    });
    await expect(client.account()).rejects.toThrow(/not JSON/);
  });

  it('sends the stage form under the contract’s field names', async () => {
    let received: FormData | null = null;
    const client = await fakeApi(async (req, body, res) => {
      received = await new Response(body, {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      json(res, { editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg', creditsRemaining: 3 });
    });
    const result = await client.stage({
      bytes: new Uint8Array([0xff, 0xd8, 0xff]),
      filename: 'chair.jpg',
      contentType: 'image/jpeg',
      fields: { prompt: 'a loft', style: 'modern', furnitureType: 'sofa', mode: 'custom' },
      hd: true,
      idempotencyKey: 'k1',
    });
    expect(result).toEqual({ editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg', creditsRemaining: 3 });
    const form = received as FormData | null;
    expect(form?.get('imageFile')).toBeInstanceOf(Blob);
    expect(Object.fromEntries([...(form?.entries() ?? [])].filter(([, v]) => typeof v === 'string'))).toEqual({
      prompt: 'a loft',
      style: 'modern',
      furnitureType: 'sofa',
      mode: 'custom',
      size: 'hd',
    });
  });
});

describe('ApiClient and the marked piece', () => {
  const upload = {
    bytes: new Uint8Array([0xff, 0xd8, 0xff]),
    filename: 'chairs.jpg',
    contentType: 'image/jpeg',
    fields: { prompt: 'a room', style: 'modern', furnitureType: 'chair', mode: 'auto' },
    hd: false,
    idempotencyKey: 'k1',
  } as const;

  it('sends the mark as the form’s subject field', async () => {
    let subject: unknown = null;
    const client = await fakeApi(async (req, body, res) => {
      const form = await new Response(body, {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      subject = form.get('subject');
      json(res, { editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg', creditsRemaining: 3 });
    });
    await client.stage({ ...upload, subject: { kind: 'box', x: 0.1, y: 0.2, width: 0.6, height: 0.7 } });
    expect(subject).toBe('box:0.1,0.2,0.6,0.7');
  });

  it('sends no subject field for a photo without a mark', async () => {
    let fields: string[] = [];
    const client = await fakeApi(async (req, body, res) => {
      const form = await new Response(body, {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      fields = [...form.keys()];
      json(res, { editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg', creditsRemaining: 3 });
    });
    await client.stage(upload);
    expect(fields).not.toContain('subject');
  });

  it('does not retry a 422 "mark the piece", and hands on its code and message', async () => {
    const message = 'Not sure which piece to stage. No credit was used.';
    let requests = 0;
    const client = await fakeApi((_req, _body, res) => {
      requests += 1;
      res.statusCode = 422;
      json(res, { error: { message, code: 'unsure-subject' } });
    });
    const error = await client.stage(upload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'unsure-subject', message });
    expect(requests).toBe(1);
    expect(slept).toEqual([]);
  });
});

describe('ApiClient with a busy API', () => {
  const busyMessage = 'The server is busy. Please try again in a moment.';
  const account = { ...user, hdAllowed: true };
  /** Answers `status` (with Retry-After when given) to the first `busyTries` requests, then `ok`. */
  function busyFor(busyTries: number, status: number, retryAfter?: string, ok: unknown = account) {
    const seen: IncomingMessage[] = [];
    const answer = (req: IncomingMessage, _body: Buffer, res: ServerResponse) => {
      seen.push(req);
      if (seen.length > busyTries) return json(res, ok);
      res.statusCode = status;
      if (retryAfter !== undefined) res.setHeader('retry-after', retryAfter);
      json(res, { error: { message: busyMessage } });
    };
    return { seen, answer };
  }
  const upload = {
    bytes: new Uint8Array([0xff, 0xd8, 0xff]),
    filename: 'chair.jpg',
    contentType: 'image/jpeg',
    fields: { prompt: 'a loft', style: 'modern', furnitureType: 'sofa', mode: 'custom' },
    hd: false,
    idempotencyKey: 'k1',
  } as const;
  const staged = { editId: 'e1', inputUrl: '/in.jpg', outputUrl: '/out.jpg', creditsRemaining: 3 };

  it('retries a 429 after the wait its Retry-After advertises, then returns the answer', async () => {
    const busy = busyFor(1, 429, '2');
    const client = await fakeApi(busy.answer);
    expect(await client.account()).toEqual(account);
    expect(slept).toEqual([2000]);
    expect(busy.seen).toHaveLength(2);
  });

  it("gives up after three 503s with the server's message", async () => {
    const busy = busyFor(3, 503, '1');
    const client = await fakeApi(busy.answer);
    await expect(client.account()).rejects.toMatchObject({ status: 503, message: busyMessage });
    expect(busy.seen).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    const busy = busyFor(1, 400);
    const client = await fakeApi(busy.answer);
    await expect(client.stage(upload)).rejects.toMatchObject({ status: 400 });
    expect(busy.seen).toHaveLength(1);
  });

  it('sends a staging again with the same Idempotency-Key, after a 502 too', async () => {
    const busy = busyFor(2, 502, undefined, staged);
    const client = await fakeApi(busy.answer);
    expect(await client.stage(upload)).toEqual(staged);
    expect(busy.seen.map((req) => req.headers['idempotency-key'])).toEqual(['k1', 'k1', 'k1']);
  });

  it('tells the call’s own listener before the wait, rather than the client’s', async () => {
    const notes: string[] = [];
    const busy = busyFor(1, 429, '2', staged);
    const client = await fakeApi(busy.answer, { onRetry: () => notes.push('client') });
    await client.stage(upload, (error, delayMs) => notes.push(`${(error as Error).message} ${delayMs}`));
    expect(notes).toEqual([`${busyMessage} 2000`]);
  });

  it('tells the client’s listener when the call brings none', async () => {
    const notes: string[] = [];
    const busy = busyFor(1, 503, '1');
    const client = await fakeApi(busy.answer, { onRetry: (_error, delayMs) => notes.push(`waits ${delayMs}`) });
    await client.account();
    expect(notes).toEqual(['waits 1000']);
  });
});
