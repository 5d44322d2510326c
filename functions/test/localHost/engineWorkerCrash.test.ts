/**
 * Issue 43 on the local host: a staging whose engine worker really dies fails alone, with the
 * usual refund and a message that says what happened, and the next staging gets a new worker.
 * The worker is test/stagers/pool/testWorker.ts, which exits its thread when the prompt says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGNUP_CREDITS } from '@flipstage/core';
import type { LocalHost } from '../../src/localHost/server.js';
import { createEnginePool, pooledStager } from '../../src/stagers/pool/pooledEngine.js';
import type { WorkerPool } from '../../src/stagers/pool/workerPool.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';

let dataDir: string;
let pool: WorkerPool;
let host: LocalHost;
let photo: Buffer;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flipstage-engine-crash-'));
  pool = createEnginePool(1, { entry: new URL('../stagers/pool/testWorker.ts', import.meta.url) });
  host = await startTestLocalHost(dataDir, { stager: pooledStager(pool) });
  photo = await jpegBytes();
});
afterAll(async () => {
  await host.close();
  await pool.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(user: TestUser, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${user.idToken}`);
  return fetch(`${host.url}/api${path}`, { ...init, headers });
}

async function newAccount(): Promise<TestUser> {
  const user = await signUpTestUser();
  expect((await api(user, '/account', { method: 'POST' })).status).toBe(200);
  return user;
}

function stage(user: TestUser, prompt: string) {
  const form = new FormData();
  form.set('imageFile', new Blob([photo], { type: 'image/jpeg' }), 'dresser.jpg');
  for (const [name, value] of Object.entries({ style: 'modern', furnitureType: 'dresser', mode: 'auto', prompt }))
    form.set(name, value);
  return api(user, '/stage', { method: 'POST', body: form, headers: { 'Idempotency-Key': crypto.randomUUID() } });
}

const credits = async (user: TestUser) =>
  ((await (await api(user, '/account', { method: 'POST' })).json()) as { creditsRemaining: number }).creditsRemaining;

describe('a staging whose engine worker crashes', () => {
  it('answers 503 saying the engine stopped and the credit was refunded, and the balance is whole', async () => {
    const user = await newAccount();
    const response = await stage(user, 'crash');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.engineStopped('crashed', true) } });
    expect(await credits(user)).toBe(SIGNUP_CREDITS);
  });

  it('leaves the next staging to a new worker, which stages it for one credit', async () => {
    const user = await newAccount();
    await stage(user, 'crash');
    const startedBefore = pool.started;
    const response = await stage(user, 'a bright room');
    expect(response.status).toBe(200);
    expect(pool.started).toBe(startedBefore + 1);
    expect(await credits(user)).toBe(SIGNUP_CREDITS - 1);
  });
});
