/**
 * Can the Firebase tier run here? It needs the Firestore and Storage emulators, which need
 * Java 21+ on PATH and a one-time download into the firebase-tools cache (DESIGN §7).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const MIN_JAVA_MAJOR = 21;

/** The emulators each part of the tier starts (Auth, Functions and Hosting are pure Node) and what it runs. */
export const TIER_PARTS = {
  firestore: { emulators: ['firestore'], vitest: 'test/firebase/firestore' },
  storage: { emulators: ['storage'], vitest: 'test/firebase/storage' },
  functions: { emulators: ['auth', 'firestore', 'storage', 'functions'], vitest: 'test/firebase/functions' },
  e2e: {
    emulators: ['auth', 'firestore', 'storage', 'functions', 'hosting'],
    playwright: 'functions/test/firebase/e2e/playwright.config.ts',
  },
};

const JAVA_EMULATORS = ['firestore', 'storage'];

/** Major version of the `java` on PATH (8 for "1.8.0_x"), or null when there is none. */
export function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function emulatorCacheDir() {
  return process.env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
}

/** The jar firebase-tools would run for a Java emulator: an explicit override, else its cached download. */
export function emulatorBinary(name) {
  const override = process.env[`${name.toUpperCase()}_EMULATOR_BINARY_PATH`];
  if (override) return override;
  const require = createRequire(import.meta.url);
  const infoPath = join(require.resolve('firebase-tools/package.json'), '..', 'lib', 'emulator', 'downloadableEmulatorInfo.json');
  const info = JSON.parse(readFileSync(infoPath, 'utf8'));
  return join(emulatorCacheDir(), info[name].downloadPathRelativeToCacheDir);
}

/**
 * Why the tier cannot run, or null when it can. `requireDownloads` is for `npm test`, which must
 * stay offline; `npm run test:firebase` lets firebase-tools fetch missing emulators itself.
 */
export function tierBlocker(emulators, { requireDownloads }) {
  const needsJava = emulators.filter((name) => JAVA_EMULATORS.includes(name));
  if (needsJava.length === 0) return null;
  const java = javaMajorVersion();
  if (java === null) return `Java ${MIN_JAVA_MAJOR}+ not found (no java on PATH)`;
  if (java < MIN_JAVA_MAJOR) return `Java ${MIN_JAVA_MAJOR}+ not found (java ${java} here)`;
  if (requireDownloads) {
    const missing = needsJava.filter((name) => !existsSync(emulatorBinary(name)));
    if (missing.length > 0) return `the ${missing.join(' and ')} emulator ${missing.length > 1 ? 'downloads are' : 'download is'} not in ${emulatorCacheDir()} yet`;
  }
  return null;
}
