/**
 * A Java runtime new enough for the Firestore and Storage emulators. The `java` on PATH is often
 * an older distribution default while a newer JDK sits beside it in the system's JVM folder, so
 * this looks in JAVA_HOME, then PATH, then /usr/lib/jvm, and the tier puts the one it picks first
 * on the child's PATH (firebase-tools runs plain `java`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export const MIN_JAVA_MAJOR = 21;
const SYSTEM_JVM_DIR = '/usr/lib/jvm';

/** Major version of a java binary (8 for "1.8.0_x"), or null when it does not run. */
export function javaMajorVersion(javaBinary) {
  const result = spawnSync(javaBinary, ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function javaOnPath(env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'java');
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  return null;
}

function systemJvms() {
  if (!existsSync(SYSTEM_JVM_DIR)) return [];
  return readdirSync(SYSTEM_JVM_DIR)
    .map((name) => join(SYSTEM_JVM_DIR, name, 'bin', 'java'))
    .filter((java) => existsSync(java));
}

/**
 * The Java to run the emulators with: `{ binDir, major, source }`, or `{ missing }` saying what was
 * found instead. The first candidate that is new enough wins; in the JVM folder, the newest.
 */
export function findJava(env = process.env) {
  const seen = [];
  const consider = (java, source) => {
    const major = javaMajorVersion(java);
    if (major === null) return null;
    seen.push(`java ${major} ${source}`);
    return major >= MIN_JAVA_MAJOR ? { binDir: dirname(java), major, source } : null;
  };
  const fromHome = env.JAVA_HOME ? consider(join(env.JAVA_HOME, 'bin', 'java'), 'from JAVA_HOME') : null;
  if (fromHome) return fromHome;
  const onPath = javaOnPath(env);
  const fromPath = onPath ? consider(onPath, 'on PATH') : null;
  if (fromPath) return fromPath;
  const fromSystem = systemJvms()
    .map((java) => consider(java, `in ${SYSTEM_JVM_DIR}`))
    .filter((found) => found !== null)
    .sort((a, b) => b.major - a.major)[0];
  if (fromSystem) return fromSystem;
  return { missing: `Java ${MIN_JAVA_MAJOR}+ not found (${seen.length > 0 ? `only ${[...new Set(seen)].join(', ')}` : 'no java in JAVA_HOME, on PATH or in ' + SYSTEM_JVM_DIR})` };
}
