/**
 * One tier run's own copy of firebase.json: emulator ports the OS says are free, and its own
 * folders for the function bundle and the web build. Local mode's Auth emulator (9099) or another
 * engineer's test run on the same machine then never collides with it, and no run serves a build
 * another run made for other ports.
 *
 * firebase-tools reads `--config` by file name from the project root, so the copy sits there
 * (git ignores firebase.tier-*.json) and every relative path in it still means the same.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { freePort } from './freePort.mjs';

const PORTED_EMULATORS = ['auth', 'firestore', 'functions', 'hosting', 'storage'];
/** What the emulators start besides (the Functions emulator brings Eventarc and Cloud Tasks), at fixed ports otherwise. */
const HELPERS = ['hub', 'logging', 'eventarc', 'tasks'];

/**
 * Writes the run's config and returns its file name (for `--config`), the emulator ports, the
 * folders to build into, and `remove()` to delete all of it after the run.
 */
export async function writeTierRunConfig(root) {
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const runDir = join(root, '.local', 'firebase-tier', `run-${process.pid}`);
  const functionsDir = join(runDir, 'functions');
  const webDir = join(runDir, 'web');
  mkdirSync(runDir, { recursive: true });
  const ports = {};
  for (const name of [...PORTED_EMULATORS, ...HELPERS, 'firestoreWebsocket']) ports[name] = await freePort();
  const config = {
    ...base,
    hosting: { ...base.hosting, public: relative(root, webDir), predeploy: undefined },
    functions: base.functions.map((codebase) => ({ ...codebase, source: relative(root, functionsDir), predeploy: undefined })),
    emulators: {
      ...base.emulators,
      ...Object.fromEntries(PORTED_EMULATORS.map((name) => [name, { ...base.emulators[name], port: ports[name] }])),
      ...Object.fromEntries(HELPERS.map((name) => [name, { host: '127.0.0.1', port: ports[name] }])),
      firestore: { ...base.emulators.firestore, port: ports.firestore, websocketPort: ports.firestoreWebsocket },
    },
  };
  const configName = `firebase.tier-${process.pid}.json`;
  writeFileSync(join(root, configName), JSON.stringify(config, null, 2));
  return {
    configName,
    ports,
    functionsDir,
    webDir,
    remove() {
      rmSync(join(root, configName), { force: true });
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
