/**
 * The whole product in Firebase mode on the Emulator Suite (DESIGN §6a): the function bundle in
 * the Functions emulator, the web app built for Firebase mode and served by the Hosting emulator,
 * which rewrites /api/** to the functions exactly as production Hosting does. Every run has its
 * own ports and folders (tierRunConfig.mjs), which the builds are made for.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { writeRunSecurityHeaders } from './hostingHeaders.mjs';

export const EMULATOR_PROJECT_ID = 'demo-flipstage';
const REGION = 'us-central1';

/** Vite settings for a web build that talks to the emulators of one run under the demo project. */
export function firebaseModeWebEnv(ports) {
  return {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    VITE_FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_STORAGE_BUCKET: `${EMULATOR_PROJECT_ID}.appspot.com`,
    // Even the debug provider trades its token at Google's App Check API, which an offline
    // emulator run cannot reach; the functions run with APP_CHECK=off to match.
    VITE_APP_CHECK: 'off',
    ...Object.fromEntries(Object.entries(LOCAL_PRICE_IDS).map(([plan, id]) => [`VITE_STRIPE_PRICE_${plan.toUpperCase()}`, id])),
  };
}

/**
 * The params the functions get in the Emulator Suite besides the local price ids: App Check off,
 * and, for when no Storage emulator runs, the folder the images are kept in and the origin their
 * URLs start with (the Hosting emulator's, or the api function's own when Hosting is not started).
 */
export function emulatorFunctionParams(run, { hosting }) {
  const siteUrl = hosting ? run.hostingUrl : `http://127.0.0.1:${run.ports.functions}/${EMULATOR_PROJECT_ID}/${REGION}/api`;
  return { APP_CHECK: 'off', EMULATOR_BLOBS_DIR: run.blobsDir, EMULATOR_SITE_URL: siteUrl };
}

function run(root, command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the function bundle with the emulator settings into the run's folder. */
export function buildFunctionsForEmulators(root, runConfig, { hosting = false } = {}) {
  const params = Object.entries(emulatorFunctionParams(runConfig, { hosting })).flatMap(([key, value]) => [
    '--emulator-env',
    `${key}=${value}`,
  ]);
  // With Hosting, the bundle serves the listing pages from the web build Hosting serves.
  const webIndex = hosting ? ['--web-index', join(runConfig.webDir, 'index.html')] : [];
  run(root, 'node', ['scripts/build-functions.mjs', '--emulator', ...params, ...webIndex, '--out', runConfig.functionsDir]);
}

/** Builds the web app in Firebase mode for the run's ports and the function bundle, into its folders. */
export function buildForEmulators(root, runConfig) {
  run(root, 'npm', ['run', 'build', '-w', 'web', '--', '--outDir', runConfig.webDir, '--emptyOutDir', '--logLevel', 'warn'], firebaseModeWebEnv(runConfig.ports));
  // Hosting sends the headers this build needs, which let it reach the emulators.
  writeRunSecurityHeaders(join(root, runConfig.configName), runConfig.webDir);
  buildFunctionsForEmulators(root, runConfig, { hosting: true });
}
