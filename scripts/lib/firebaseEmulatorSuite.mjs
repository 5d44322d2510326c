/**
 * The whole product in Firebase mode on the Emulator Suite (DESIGN §6a): the `api` bundle in the
 * Functions emulator, the web app built for Firebase mode and served by the Hosting emulator,
 * which rewrites /api/** to the function exactly as production Hosting does.
 */
import { spawnSync } from 'node:child_process';
import { LOCAL_PRICE_IDS } from '@flipstage/core';

export const EMULATOR_PROJECT_ID = 'demo-flipstage';
export const SUITE_EMULATORS = ['auth', 'firestore', 'storage', 'functions', 'hosting'];
export const HOSTING_URL = 'http://127.0.0.1:5000';

/** The ports firebase.json gives the emulators (`npm run dev:firebase`; test runs pick their own). */
export const DEFAULT_PORTS = { auth: 9099, firestore: 8080 };

/** Vite settings for a web build that talks to the emulators under the demo project. */
export function firebaseModeWebEnv(ports = DEFAULT_PORTS) {
  return {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    VITE_FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_STORAGE_BUCKET: `${EMULATOR_PROJECT_ID}.appspot.com`,
    ...Object.fromEntries(Object.entries(LOCAL_PRICE_IDS).map(([plan, id]) => [`VITE_STRIPE_PRICE_${plan.toUpperCase()}`, id])),
  };
}

function run(root, command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the function bundle with emulator settings (into functions/lib unless told otherwise). */
export function buildFunctionsForEmulators(root, functionsDir) {
  run(root, 'node', ['scripts/build-functions.mjs', '--emulator', ...(functionsDir ? ['--out', functionsDir] : [])]);
}

/**
 * Builds the function bundle and the web app in Firebase mode, by default where firebase.json
 * looks for them; a test run passes its own ports and folders.
 */
export function buildForEmulators(root, { ports, functionsDir, webDir } = {}) {
  buildFunctionsForEmulators(root, functionsDir);
  run(root, 'npm', ['run', 'build', '-w', 'web', ...(webDir ? ['--', '--outDir', webDir, '--emptyOutDir'] : [])], firebaseModeWebEnv(ports));
}
