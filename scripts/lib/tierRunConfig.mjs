/**
 * One Emulator Suite run's own copy of firebase.json: emulator ports the OS says are free, and its
 * own folders for the function bundle, the web build and the images. Local mode's Auth emulator
 * (9099), `npm run dev:firebase` or another engineer's test run on the same machine then never
 * collides with it, and no run serves a build another run made for other ports.
 *
 * firebase-tools reads `--config` by file name from the project root, so the copy sits there
 * (git ignores firebase.tier-*.json and firebase.dev-*.json) and every relative path in it still
 * means the same.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { freePort } from './freePort.mjs';

const PORTED_EMULATORS = ['auth', 'firestore', 'functions', 'hosting', 'storage'];
/** What the emulators start besides (the Functions emulator brings Eventarc and Cloud Tasks), at fixed ports otherwise. */
const HELPERS = ['hub', 'logging', 'eventarc', 'tasks'];

/**
 * Writes the run's config and returns its file name (for `--config`), the emulator ports, the
 * folders to build into, the folder the function keeps images in when no Storage emulator runs,
 * and `remove()` to delete all of it after the run. `name` tells runs of different kinds apart:
 * `tier` (the tests) or `dev` (`npm run dev:firebase`).
 */
export async function writeTierRunConfig(root, { name = 'tier' } = {}) {
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const runDir = join(root, '.local', `firebase-${name}`, `run-${process.pid}`);
  const functionsDir = join(runDir, 'functions');
  const webDir = join(runDir, 'web');
  const blobsDir = join(runDir, 'blobs');
  mkdirSync(blobsDir, { recursive: true });
  const ports = {};
  for (const emulator of [...PORTED_EMULATORS, ...HELPERS, 'firestoreWebsocket']) ports[emulator] = await freePort();
  const config = {
    ...base,
    hosting: { ...base.hosting, public: relative(root, webDir), predeploy: undefined },
    functions: base.functions.map((codebase) => ({ ...codebase, source: relative(root, functionsDir), predeploy: undefined })),
    emulators: {
      ...base.emulators,
      ...Object.fromEntries(PORTED_EMULATORS.map((emulator) => [emulator, { ...base.emulators[emulator], port: ports[emulator] }])),
      ...Object.fromEntries(HELPERS.map((helper) => [helper, { host: '127.0.0.1', port: ports[helper] }])),
      firestore: { ...base.emulators.firestore, port: ports.firestore, websocketPort: ports.firestoreWebsocket },
    },
  };
  const configName = `firebase.${name}-${process.pid}.json`;
  writeFileSync(join(root, configName), JSON.stringify(config, null, 2));
  return {
    configName,
    ports,
    functionsDir,
    webDir,
    blobsDir,
    hostingUrl: `http://127.0.0.1:${ports.hosting}`,
    remove() {
      rmSync(join(root, configName), { force: true });
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
