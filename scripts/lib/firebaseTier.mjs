/**
 * Which parts of the Firebase tier can run here (DESIGN §7), and the environment firebase-tools
 * needs to run them: Auth, Functions and Hosting are pure Node; Firestore and Storage need Java
 * 21+ and their emulator jars, found by javaRuntime.mjs and emulatorJars.mjs.
 */
import { delimiter, join } from 'node:path';
import { findFirestoreEmulator, findStorageEmulator } from './emulatorJars.mjs';
import { findJava } from './javaRuntime.mjs';

/**
 * The emulators each part starts and the tests it runs (Vitest files under functions/, Playwright
 * specs under the e2e config's folder). What needs Cloud Storage is a part of its own, so the rest
 * still runs where the Storage emulator cannot.
 */
export const TIER_PARTS = {
  firestore: { title: 'Firestore rules and the Store contract', emulators: ['firestore'], vitest: ['test/firebase/firestore/'] },
  // Firestore too: a listing's photos are readable while its listing is shown (a cross-service rule).
  storage: {
    title: 'Storage rules, the Blobs contract and blob URLs',
    emulators: ['storage', 'firestore'],
    vitest: ['test/firebase/storage/'],
  },
  functions: {
    title: 'the api function creating an account and granting its credits, and taking reports; the books’ totals trigger',
    emulators: ['auth', 'firestore', 'functions'],
    vitest: [
      'test/firebase/functions/apiAccount.test.ts',
      'test/firebase/functions/apiReports.test.ts',
      'test/firebase/functions/booksTotals.test.ts',
    ],
  },
  'functions-storage': {
    title: 'the api function staging a photo into Storage',
    emulators: ['auth', 'firestore', 'storage', 'functions'],
    vitest: ['test/firebase/functions/apiStaging.test.ts'],
  },
  // Without a Storage emulator beside them the functions keep images in their file store.
  e2e: {
    title: 'browser journeys: the first day (sign up, confirm, stage a HEIC, list it), credits and the profile in Firestore, conversations read live',
    emulators: ['auth', 'firestore', 'functions', 'hosting'],
    playwright: ['firstDay.spec.ts', 'accountJourneys.spec.ts', 'tryBeforeSignUp.spec.ts', 'failures.spec.ts', 'reload.spec.ts', 'bigPhoto.spec.ts', 'conversations.spec.ts'],
  },
};

export const E2E_CONFIG = 'functions/test/firebase/e2e/playwright.config.ts';

const EMULATOR_LABELS = { firestore: 'Firestore', storage: 'Storage' };

/**
 * Finds Java and the Java emulators the given emulators need. `offline` is for `npm test`, which
 * never downloads: there a missing jar blocks the parts that need it, while `npm run
 * test:firebase` lets firebase-tools fetch it. Returns, per Java emulator, why it cannot run
 * (`blocked`), the lines saying what was found (`found`), and the child process environment.
 */
export function emulatorSetup(root, emulators, { offline, env = process.env }) {
  const javaEmulators = emulators.filter((name) => name in EMULATOR_LABELS);
  const blocked = {};
  const found = [];
  const childEnv = { ...env };
  if (javaEmulators.length === 0) return { blocked, found, childEnv };

  const java = findJava(env);
  if ('missing' in java) {
    for (const name of javaEmulators) blocked[name] = java.missing;
    return { blocked, found, childEnv };
  }
  found.push(`Java ${java.major} ${java.source} (${java.binDir})`);
  // firebase-tools runs plain `java`: the one found goes first on PATH.
  childEnv.PATH = [java.binDir, env.PATH].filter(Boolean).join(delimiter);

  const finders = {
    firestore: () => findFirestoreEmulator({ env, wrapperDir: join(root, '.local', 'firebase-emulators') }),
    storage: () => findStorageEmulator({ env }),
  };
  for (const name of javaEmulators) {
    const emulator = finders[name]();
    const label = `${EMULATOR_LABELS[name]} emulator`;
    if ('missing' in emulator) {
      if (offline) blocked[name] = emulator.missing;
      else found.push(`${label}: firebase-tools will download it (${emulator.missing})`);
      continue;
    }
    found.push(`${label}: ${emulator.description}`);
    if (emulator.binaryPath) childEnv[`${name.toUpperCase()}_EMULATOR_BINARY_PATH`] = emulator.binaryPath;
  }
  return { blocked, found, childEnv };
}

/** Why a part cannot run given the blocked emulators, or null when it can. */
export function partBlocker(part, blocked) {
  const reasons = [...new Set(TIER_PARTS[part].emulators.flatMap((name) => (blocked[name] ? [blocked[name]] : [])))];
  return reasons.length > 0 ? reasons.join('; ') : null;
}
