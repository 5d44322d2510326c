import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, mergeUser } from '@flipstage/core';
import { writeConfig } from '../../src/config.js';
import { createLogger } from '../../src/output/logger.js';
import { openSession } from '../../src/session.js';

const account = {
  ...mergeUser({ uid: 'u1', email: 'ada@example.com' }, null, {
    creditsRemaining: 4,
    stripePriceId: LOCAL_PRICE_IDS.flipper,
    stripeSubscriptionStatus: 'active',
  }),
  hdAllowed: true,
};

let dir: string;
let server: Server;
let origin: string;
let accountReads = 0;

/** Google's token endpoint (a stand-in, as the Auth emulator would serve it) and a FlipStage API busy once. */
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipstage-session-'));
  accountReads = 0;
  server = createServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/securetoken.googleapis.com/')) {
      res.end(JSON.stringify({ user_id: 'u1', id_token: 'id-1', refresh_token: 'refresh-1', expires_in: '3600' }));
      return;
    }
    accountReads += 1;
    if (accountReads === 1) {
      res.writeHead(429, { 'retry-after': '2' }).end(JSON.stringify({ error: { message: 'Too many requests.' } }));
      return;
    }
    res.end(JSON.stringify(account));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('a signed-in session with a busy API', () => {
  it('says on stderr, through the logger, that the API is busy and when it retries', async () => {
    const env = {
      FLIPSTAGE_CONFIG_DIR: dir,
      FIREBASE_AUTH_EMULATOR_HOST: origin,
      FLIPSTAGE_API: `http://${origin}/api`,
    };
    await writeConfig(env, { email: 'ada@example.com', refreshToken: 'refresh-1' });
    let stderr = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      stdin: Readable.from([]),
      env,
    };
    const session = await openSession(env, {
      logger: createLogger(io),
      retry: { tries: 3, random: () => 0, sleep: async () => {} },
    });
    try {
      expect(await session.client.account()).toEqual(account);
    } finally {
      await session.client.close();
    }
    expect(stderr).toBe('API busy, retrying in 2.0 s (429 Too many requests.)\n');
  });
});
