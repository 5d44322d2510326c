/**
 * The deployable bundle's set-up for the deploy tests: scripts/build-functions.mjs builds it into a
 * folder of its own under .local, and, for the tests that send it requests, the Functions emulator
 * serves it offline. Each calling test file builds its own bundle.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { freePort } from '../../../scripts/lib/freePort.mjs';
import { startFirebaseEmulators, type RunningEmulators } from '../helpers/firebaseEmulators.js';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const outDir = join(root, '.local', `functions-bundle-test-${randomUUID().slice(0, 8)}`);
/** A stand-in for the web app's built index.html, which the bundle carries for the listing pages. */
const webIndex = `${outDir}-index.html`;
const PROJECT_ID = `${LOCAL_PROJECT_ID}-bundle`;
export const WEBHOOK_SECRET = 'whsec_bundle_test';
let emulator: RunningEmulators | undefined;
export let baseUrl = '';

/** Starts the Functions emulator on the bundle and resolves once `api` is initialized. */
async function startFunctionsEmulator(): Promise<void> {
  const port = await freePort();
  writeFileSync(
    join(outDir, 'firebase.json'),
    JSON.stringify({
      functions: [{ source: '.', codebase: 'bundle-test', runtime: 'nodejs22' }],
      emulators: { functions: { host: '127.0.0.1', port }, ui: { enabled: false } },
    }),
  );
  baseUrl = `http://127.0.0.1:${port}/${PROJECT_ID}/us-central1/api`;
  emulator = await startFirebaseEmulators({
    cwd: outDir,
    only: 'functions',
    project: PROJECT_ID,
    readyText: 'http function initialized',
    timeoutMs: 90_000,
  });
}

/**
 * Builds the bundle before the calling file's tests and removes it after them. The bundle's own
 * checks read its files; only the requests need the emulator, which is slow to start.
 */
export function useFunctionsBundle(options: { serve: boolean }): void {
  beforeAll(async () => {
    // No Storage emulator runs here: the functions keep images in the bundle's own folder.
    const emulatorEnv = [
      `EMULATOR_BLOBS_DIR=${join(outDir, 'blobs')}`,
      'EMULATOR_SITE_URL=http://127.0.0.1:5000',
      'APP_CHECK=off',
    ];
    // A fresh clone has no .local yet: the build makes it, but the page shell is written first.
    mkdirSync(dirname(webIndex), { recursive: true });
    writeFileSync(
      webIndex,
      '<!doctype html><html><head><title data-static-meta>FlipStage</title></head><body><div id="root"></div></body></html>',
    );
    const build = spawnSync(
      'node',
      [
        'scripts/build-functions.mjs',
        '--emulator',
        '--out',
        outDir,
        '--web-index',
        webIndex,
        ...emulatorEnv.flatMap((pair) => ['--emulator-env', pair]),
      ],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`build-functions failed:\n${build.stdout}${build.stderr}`);
    appendFileSync(
      join(outDir, '.secret.local'),
      `STRIPE_SECRET_KEY=sk_test_bundle\nSTRIPE_WEBHOOK_SECRET=${WEBHOOK_SECRET}\nEBAY_CLIENT_SECRET=none\nEBAY_TOKEN_KEY=none\n`,
    );
    if (options.serve) await startFunctionsEmulator();
  }, 120_000);

  afterAll(async () => {
    await emulator?.stop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(webIndex, { force: true });
  }, 30_000);
}

export type Endpoint = { __endpoint: Record<string, unknown> };
type Bundle = {
  api: Endpoint;
  stage: Endpoint;
  sweepAbandonedStagings: Endpoint;
  checkEbaySales: Endpoint;
  booksPieceWritten: Endpoint;
  booksCostWritten: Endpoint;
  purgeDeletedPieces: Endpoint;
};
export const loadBundle = async () => (await import(join(outDir, 'index.js'))) as Bundle;
export const secretsOf = (endpoint: Endpoint) =>
  (endpoint.__endpoint.secretEnvironmentVariables as { key: string }[]).map((s) => s.key).sort();
