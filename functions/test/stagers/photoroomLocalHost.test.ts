/**
 * Local mode with a Photoroom key: the local host stages through whatever PHOTOROOM_BASE_URL
 * points at, here a stand-in v2/edit server, and says so in its start-up log.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/logs.js';
import type { LocalHost } from '../../src/localHost/server.js';
import { signUpTestUser } from '../helpers/emulatorUsers.js';
import { startPhotoroomStandIn, type PhotoroomStandIn } from '../helpers/photoroomStandIn.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';

const KEY = 'sk_test_local_key';
const logLines: string[] = [];
let standIn: PhotoroomStandIn;
let host: LocalHost;
let dataDir: string;

beforeAll(async () => {
  const room = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#c0a060' } })
    .jpeg()
    .toBuffer();
  standIn = await startPhotoroomStandIn([{ status: 200, body: room }]);
  dataDir = mkdtempSync(join(tmpdir(), 'flipstage-photoroom-host-'));
  host = await startTestLocalHost(dataDir, {
    env: { ...process.env, PHOTOROOM_API_KEY: KEY, PHOTOROOM_BASE_URL: standIn.baseUrl },
    logger: createJsonLogger((line) => logLines.push(line)),
  });
});
afterAll(async () => {
  await host.close();
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local host with PHOTOROOM_API_KEY and PHOTOROOM_BASE_URL', () => {
  it('stages an iPhone HEIC through the Photoroom endpoint and stores what it answered', async () => {
    const user = await signUpTestUser();
    const auth = { authorization: `Bearer ${user.idToken}` };
    expect((await fetch(`${host.url}/api/account`, { method: 'POST', headers: auth })).status).toBe(200);
    const form = new FormData();
    const heic = readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url));
    form.set('imageFile', new Blob([heic], { type: 'image/heic' }), 'IMG_0001.HEIC');
    form.set('style', 'modern');
    form.set('furnitureType', 'chair');
    form.set('mode', 'auto');

    const response = await fetch(`${host.url}/api/stage`, {
      method: 'POST',
      body: form,
      headers: { ...auth, 'Idempotency-Key': 'photoroom-heic-1' },
    });

    expect(response.status).toBe(200);
    expect(standIn.received.map((request) => request.headers['x-api-key'])).toEqual([KEY]);
    expect((await standIn.lastImage()).type).toBe('image/jpeg');
    const { outputUrl } = (await response.json()) as { outputUrl: string };
    const stored = await sharp(Buffer.from(await (await fetch(outputUrl)).arrayBuffer())).stats();
    const means = stored.channels.slice(0, 3).map((channel) => channel.mean);
    [0xc0, 0xa0, 0x60].forEach((expected, i) => expect(Math.abs(means[i]! - expected)).toBeLessThan(8));
  });

  it('logs at start that it stages with Photoroom at that address, never the key', () => {
    const chosen = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.stager !== undefined);
    expect(chosen).toMatchObject({
      severity: 'INFO',
      message: `staging with Photoroom at ${standIn.baseUrl}/`,
      stager: 'photoroom',
      endpoint: `${standIn.baseUrl}/`,
    });
    expect(logLines.join('\n')).not.toContain(KEY);
  });
});
