/**
 * Where the Java emulators come from, without downloading anything: an explicit
 * *_EMULATOR_BINARY_PATH, else firebase-tools' own cached download, else (Firestore only) the
 * Google Cloud CLI's `cloud-firestore-emulator` component. That component's jar has no
 * Main-Class, and firebase-tools can only `java -jar` a jar, so it is wrapped in a manifest-only
 * jar under .local/ that names its main class (gcloud itself runs it with `-cp`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeManifestJar } from './manifestJar.mjs';

const GCLOUD_FIRESTORE_JAR = join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
const GCLOUD_FIRESTORE_MAIN = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
/** Where the Google Cloud CLI's installers put it (Debian/Ubuntu and RPM packages, the tarball, snap, Homebrew). */
const USUAL_SDK_ROOTS = [
  '/usr/lib/google-cloud-sdk',
  '/usr/share/google-cloud-sdk',
  '/opt/google-cloud-sdk',
  join(homedir(), 'google-cloud-sdk'),
  '/snap/google-cloud-cli/current',
  '/opt/homebrew/share/google-cloud-sdk',
  '/usr/local/share/google-cloud-sdk',
];

export function emulatorCacheDir(env = process.env) {
  return env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
}

/** The jar firebase-tools would download for a Java emulator, in its cache. */
function cachedDownload(name, env) {
  const require = createRequire(import.meta.url);
  const infoPath = join(require.resolve('firebase-tools/package.json'), '..', 'lib', 'emulator', 'downloadableEmulatorInfo.json');
  const info = JSON.parse(readFileSync(infoPath, 'utf8'));
  return join(emulatorCacheDir(env), info[name].downloadPathRelativeToCacheDir);
}

function gcloudSdkRoot() {
  const result = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() ? result.stdout.trim() : null;
}

function gcloudFirestoreJar() {
  const reported = gcloudSdkRoot();
  return [...(reported ? [reported] : []), ...USUAL_SDK_ROOTS].map((root) => join(root, GCLOUD_FIRESTORE_JAR)).find((jar) => existsSync(jar)) ?? null;
}

/** Writes the wrapper atomically, so concurrent runs never start a half-written jar. */
function wrapGcloudJar(jar, wrapperDir) {
  const wrapper = join(wrapperDir, 'cloud-firestore-emulator-gcloud.jar');
  const partial = `${wrapper}.${process.pid}.partial`;
  writeManifestJar(partial, { mainClass: GCLOUD_FIRESTORE_MAIN, classPath: [jar] });
  renameSync(partial, wrapper);
  return wrapper;
}

/**
 * The Firestore emulator: `{ binaryPath, description }` (binaryPath is what to give firebase-tools
 * as FIRESTORE_EMULATOR_BINARY_PATH; null when its cache already has it), or `{ missing }`.
 */
export function findFirestoreEmulator({ env = process.env, wrapperDir }) {
  const override = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) return existsSync(override) ? { binaryPath: override, description: `${override} (FIRESTORE_EMULATOR_BINARY_PATH)` } : { missing: `FIRESTORE_EMULATOR_BINARY_PATH points at ${override}, which does not exist` };
  const cached = cachedDownload('firestore', env);
  if (existsSync(cached)) return { binaryPath: null, description: `firebase-tools' download ${cached}` };
  const gcloudJar = gcloudFirestoreJar();
  if (gcloudJar) {
    const wrapper = wrapGcloudJar(gcloudJar, wrapperDir);
    return { binaryPath: wrapper, description: `the Google Cloud CLI's component ${gcloudJar} (run through ${wrapper})` };
  }
  return { missing: `the Firestore emulator is neither in ${emulatorCacheDir(env)} nor installed with the Google Cloud CLI (gcloud components install cloud-firestore-emulator)` };
}

/** The Storage emulator's rules runtime, which only firebase-tools' download provides. */
export function findStorageEmulator({ env = process.env } = {}) {
  const override = env.STORAGE_EMULATOR_BINARY_PATH;
  if (override) return existsSync(override) ? { binaryPath: override, description: `${override} (STORAGE_EMULATOR_BINARY_PATH)` } : { missing: `STORAGE_EMULATOR_BINARY_PATH points at ${override}, which does not exist` };
  const cached = cachedDownload('storage', env);
  if (existsSync(cached)) return { binaryPath: null, description: `firebase-tools' download ${cached}` };
  return { missing: `the Storage emulator's rules runtime (${cached.split('/').pop()}) is not in ${emulatorCacheDir(env)} and the Google Cloud CLI has no Storage emulator` };
}
