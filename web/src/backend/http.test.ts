import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { APP_CHECK_HEADER, IDEMPOTENCY_HEADER } from '@flipstage/core';
import { ApiError, createApiFetch, type ApiFetchInit, type ApiRetry, type IdTokenSource } from './http';

interface Seen {
  url: string;
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  appCheck: string | undefined;
  body: string;
}

let server: Server;
let base: string;
let seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      url: req.url ?? '',
      method: req.method ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      idempotencyKey: req.headers[IDEMPOTENCY_HEADER.toLowerCase()] as string | undefined,
      appCheck: req.headers[APP_CHECK_HEADER.toLowerCase()] as string | undefined,
      body: await readBody(req),
    });
    const tryNumber = seen.filter((s) => s.url === req.url).length;
    const script = scripts[req.url ?? ''];
    if (script) {
      script(tryNumber, res);
      return;
    }
    const replies: Record<string, [number, string]> = {
      '/ok': [200, JSON.stringify({ hello: 'world' })],
      '/api-error': [402, JSON.stringify({ error: { message: 'You need credits to generate images.' } })],
      '/refused': [422, JSON.stringify({ error: { message: 'This looks like a cat.', code: 'not-furniture' } })],
      '/plain-error': [500, 'upstream exploded'],
      '/empty-error': [503, ''],
    };
    if (req.url === '/session') {
      const fresh = req.headers.authorization === 'Bearer fresh-token';
      const [status, body] = fresh
        ? [200, JSON.stringify({ ok: true })]
        : [401, JSON.stringify({ error: { message: 'Your session has expired. Please sign in again.' } })];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
      return;
    }
    const [status, body] = replies[req.url ?? ''] ?? [404, ''];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** Paths whose answer depends on the try (1, 2, 3): the busy backend of the retry tests. */
let scripts: Record<string, (tryNumber: number, res: ServerResponse) => void> = {};
let idToken: IdTokenSource = async () => null;
let appCheckToken: (() => Promise<string | undefined>) | undefined;
let limitedUseTokens = 0;
/** The waits apiFetch asked for, instead of sleeping through them. */
let waits: number[] = [];
let random = 0;
const fetchApi = createApiFetch((forceRefresh) => idToken(forceRefresh), {
  appCheckToken: () => (appCheckToken ? appCheckToken() : Promise.resolve(undefined)),
  limitedUseAppCheckToken: async () => `limited-${++limitedUseTokens}`,
  wait: async (ms) => void waits.push(ms),
  random: () => random,
});
/** Any answer will do here; the contract check has its own test. */
const apiFetch = (path: string, init: Omit<ApiFetchInit<unknown>, 'schema'> = {}) =>
  fetchApi(path, { schema: async () => z.unknown(), ...init });

afterEach(() => {
  seen = [];
  scripts = {};
  waits = [];
  random = 0;
  idToken = async () => null;
  appCheckToken = undefined;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiFetch', () => {
  it('parses the JSON answer', async () => {
    expect(await fetchApi(`${base}/ok`, { schema: async () => z.object({ hello: z.string() }) })).toEqual({
      hello: 'world',
    });
  });

  it('refuses an answer that breaks its contract', async () => {
    await expect(fetchApi(`${base}/ok`, { schema: async () => z.object({ hello: z.number() }) })).rejects.toMatchObject(
      {
        status: 200,
        message: `Unexpected response from ${base}/ok`,
      },
    );
  });

  it('sends no Authorization header when signed out', async () => {
    await apiFetch(`${base}/ok`);
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('sends the ID token as a bearer token when signed in', async () => {
    idToken = async () => 'id-token-1';
    await apiFetch(`${base}/ok`);
    expect(seen[0]?.authorization).toBe('Bearer id-token-1');
  });

  it('posts a JSON body', async () => {
    await apiFetch(`${base}/ok`, { json: { priceId: 'price_1' } });
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"priceId":"price_1"}' });
  });

  it('posts form data as multipart', async () => {
    const form = new FormData();
    form.set('prompt', 'a cozy room');
    await apiFetch(`${base}/ok`, { form });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('a cozy room');
  });

  it("throws the body's error message with the status", async () => {
    const error = await apiFetch(`${base}/api-error`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, message: 'You need credits to generate images.' });
  });

  it("carries the body's code, which says what the client can do about a refused photo", async () => {
    await expect(apiFetch(`${base}/refused`)).rejects.toMatchObject({
      status: 422,
      message: 'This looks like a cat.',
      code: 'not-furniture',
    });
    await expect(apiFetch(`${base}/api-error`)).rejects.toMatchObject({ code: undefined });
  });

  it('throws the raw text when the body is not JSON', async () => {
    await expect(apiFetch(`${base}/plain-error`)).rejects.toMatchObject({ status: 500, message: 'upstream exploded' });
  });

  it('throws HTTP error! status: {status} for an empty error body', async () => {
    await expect(apiFetch(`${base}/empty-error`)).rejects.toMatchObject({ message: 'HTTP error! status: 503' });
  });

  describe('App Check', () => {
    it('sends the App Check token as X-Firebase-AppCheck', async () => {
      appCheckToken = async () => 'app-check-1';
      await apiFetch(`${base}/ok`);
      expect(seen[0]?.appCheck).toBe('app-check-1');
    });

    it('sends no App Check header when there is no token', async () => {
      await apiFetch(`${base}/ok`);
      expect(seen[0]?.appCheck).toBeUndefined();
    });

    it('sends a limited-use token of its own on each try of a call that asks for one', async () => {
      appCheckToken = async () => 'app-check-1';
      idToken = async (forceRefresh) => (forceRefresh ? 'fresh-token' : 'stale-token');
      await apiFetch(`${base}/session`, { limitedUseAppCheck: true });
      const sent = seen.map((s) => s.appCheck);
      expect(sent).toHaveLength(2);
      expect(new Set(sent).size).toBe(2);
      expect(sent.every((token) => token?.startsWith('limited-'))).toBe(true);
    });

    it('still sends the request when the App Check token cannot be had, for the server to judge', async () => {
      appCheckToken = async () => {
        throw new Error('reCAPTCHA blocked');
      };
      expect(await apiFetch(`${base}/ok`)).toEqual({ hello: 'world' });
      expect(seen[0]?.appCheck).toBeUndefined();
    });
  });

  describe('a 401 with a token the API no longer accepts', () => {
    /** Like the auth SDK: the token it holds until asked to force a refresh, then the new one. */
    function tokenSource(fresh: () => Promise<string | null>) {
      const calls: boolean[] = [];
      idToken = async (forceRefresh) => {
        calls.push(forceRefresh ?? false);
        return forceRefresh ? fresh() : 'stale-token';
      };
      return calls;
    }

    it('is retried once with a freshly issued token, the same body again', async () => {
      const calls = tokenSource(async () => 'fresh-token');
      const form = new FormData();
      form.set('prompt', 'a cozy room');
      expect(await apiFetch(`${base}/session`, { form })).toEqual({ ok: true });
      expect(calls).toEqual([false, true]);
      expect(seen.map((s) => s.authorization)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
      expect(seen[1]?.body).toContain('a cozy room');
    });

    it('throws the 401 when no fresh token can be had (the SDK signs out a revoked session)', async () => {
      tokenSource(async () => {
        throw Object.assign(new Error('expired'), { code: 'auth/user-token-expired' });
      });
      await expect(apiFetch(`${base}/session`)).rejects.toMatchObject({
        status: 401,
        message: 'Your session has expired. Please sign in again.',
      });
      expect(seen).toHaveLength(1);
    });

    it('is not retried when the fresh token is refused too', async () => {
      tokenSource(async () => 'another-stale-token');
      await expect(apiFetch(`${base}/session`)).rejects.toMatchObject({ status: 401 });
      expect(seen.map((s) => s.authorization)).toEqual(['Bearer stale-token', 'Bearer another-stale-token']);
    });

    it('is not retried without a token', async () => {
      await expect(apiFetch(`${base}/session`)).rejects.toMatchObject({ status: 401 });
      expect(seen).toHaveLength(1);
    });
  });
});

describe('apiFetch with a busy backend', () => {
  const busyMessage = 'The server is busy. Please try again in a moment.';
  const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}) =>
    res
      .writeHead(status, { 'Content-Type': 'application/json', ...headers })
      .end(JSON.stringify(status === 200 ? { ok: true } : { error: { message: busyMessage } }));
  /** Answers `status` (with Retry-After when given) on the first `busyTries` tries, then 200. */
  const busyFor = (busyTries: number, status: number, retryAfter?: string) => (n: number, res: ServerResponse) =>
    n <= busyTries
      ? answer(res, status, retryAfter === undefined ? {} : { 'Retry-After': retryAfter })
      : answer(res, 200);

  it('retries a 429 after the wait its Retry-After advertises, then returns the answer', async () => {
    scripts['/busy'] = busyFor(1, 429, '2');
    expect(await apiFetch(`${base}/busy`)).toEqual({ ok: true });
    expect(waits).toEqual([2000]);
    expect(seen).toHaveLength(2);
  });

  it('follows a Retry-After given as an HTTP date', async () => {
    scripts['/busy'] = busyFor(1, 503, new Date(Date.now() + 5000).toUTCString());
    await apiFetch(`${base}/busy`);
    expect(waits[0]).toBeGreaterThan(3000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it("gives up after three 503s with the server's message", async () => {
    scripts['/busy'] = busyFor(3, 503, '1');
    await expect(apiFetch(`${base}/busy`)).rejects.toMatchObject({ status: 503, message: busyMessage, tries: 3 });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('does not retry a 400', async () => {
    scripts['/busy'] = busyFor(1, 400, '1');
    await expect(apiFetch(`${base}/busy`)).rejects.toMatchObject({ status: 400, tries: 1 });
    expect(seen).toHaveLength(1);
  });

  it('adds at most a quarter of the wait as jitter', async () => {
    random = 0.999_999;
    scripts['/busy'] = busyFor(1, 429, '2');
    await apiFetch(`${base}/busy`);
    expect(waits[0]).toBeGreaterThan(2000);
    expect(waits[0]).toBeLessThanOrEqual(2500);
  });

  it('never waits longer than 30 s, whatever Retry-After says', async () => {
    scripts['/busy'] = busyFor(1, 429, '3600');
    await apiFetch(`${base}/busy`);
    expect(waits).toEqual([30_000]);
  });

  it('backs off from 500 ms, doubling, when the server gives no Retry-After', async () => {
    scripts['/busy'] = busyFor(2, 503);
    await apiFetch(`${base}/busy`);
    expect(waits).toEqual([500, 1000]);
  });

  it('tells the caller about each retry before waiting', async () => {
    scripts['/busy'] = busyFor(2, 429, '1');
    const retries: ApiRetry[] = [];
    await apiFetch(`${base}/busy`, { onRetry: (retry) => retries.push(retry) });
    expect(retries).toEqual([
      { attempt: 2, delayMs: 1000, status: 429 },
      { attempt: 3, delayMs: 1000, status: 429 },
    ]);
  });

  it('stops waiting when the caller aborts', async () => {
    scripts['/busy'] = busyFor(1, 429, '30');
    const controller = new AbortController();
    const sleeping = createApiFetch(async () => null);
    const call = sleeping(`${base}/busy`, {
      schema: async () => z.unknown(),
      signal: controller.signal,
      onRetry: () => controller.abort(),
    });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });

  describe('a request with an Idempotency-Key', () => {
    const keyed = { headers: { [IDEMPOTENCY_HEADER]: 'key-1' } };

    it.each([409, 502, 504])('retries a %i with the same key', async (status) => {
      scripts['/stage'] = busyFor(1, status);
      expect(await apiFetch(`${base}/stage`, keyed)).toEqual({ ok: true });
      expect(seen.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1']);
    });

    it('retries a lost connection with the same key', async () => {
      scripts['/stage'] = (n, res) => (n === 1 ? res.socket?.destroy() : answer(res, 200));
      expect(await apiFetch(`${base}/stage`, keyed)).toEqual({ ok: true });
      expect(seen.map((s) => s.idempotencyKey)).toEqual(['key-1', 'key-1']);
    });

    it('is not retried on a 504 without the key, whose outcome the server does not remember', async () => {
      scripts['/stage'] = busyFor(1, 504);
      await expect(apiFetch(`${base}/stage`)).rejects.toMatchObject({ status: 504 });
      expect(seen).toHaveLength(1);
    });
  });
});
