import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, LOCAL_PRICE_IDS, mergeUser } from '@flipstage/core';
import { ApiClient, apiUrl } from '../../src/api/apiClient.js';
import { UnexpectedResponseError } from '../../src/api/apiError.js';

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

/** A stand-in API on a free port; `answer` sees each request with its body. */
async function fakeApi(answer: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void | Promise<void>) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void answer(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, tokens);
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
      received = await new Response(body, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
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
