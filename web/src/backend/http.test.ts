import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ApiError, createApiFetch, type ApiFetchInit, type IdTokenSource } from './http';

interface Seen {
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
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
      method: req.method ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
    });
    const replies: Record<string, [number, string]> = {
      '/ok': [200, JSON.stringify({ hello: 'world' })],
      '/api-error': [402, JSON.stringify({ error: { message: 'You need credits to generate images.' } })],
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

let idToken: IdTokenSource = async () => null;
const fetchApi = createApiFetch((forceRefresh) => idToken(forceRefresh));
/** Any answer will do here; the contract check has its own test. */
const apiFetch = (path: string, init: Omit<ApiFetchInit<unknown>, 'schema'> = {}) =>
  fetchApi(path, { schema: async () => z.unknown(), ...init });

afterEach(() => {
  seen = [];
  idToken = async () => null;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiFetch', () => {
  it('parses the JSON answer', async () => {
    expect(await fetchApi(`${base}/ok`, { schema: async () => z.object({ hello: z.string() }) })).toEqual({ hello: 'world' });
  });

  it('refuses an answer that breaks its contract', async () => {
    await expect(fetchApi(`${base}/ok`, { schema: async () => z.object({ hello: z.number() }) })).rejects.toMatchObject({
      status: 200,
      message: `Unexpected response from ${base}/ok`,
    });
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

  it('throws the raw text when the body is not JSON', async () => {
    await expect(apiFetch(`${base}/plain-error`)).rejects.toMatchObject({ status: 500, message: 'upstream exploded' });
  });

  it('throws HTTP error! status: {status} for an empty error body', async () => {
    await expect(apiFetch(`${base}/empty-error`)).rejects.toMatchObject({ message: 'HTTP error! status: 503' });
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
