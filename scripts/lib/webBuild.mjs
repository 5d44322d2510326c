/**
 * The web app's production build, made once and reused until what goes into it changes: `npm start`,
 * the Playwright journeys, `npm test`'s budget step and `npm run bench:web` all take it from here.
 *
 * A build lives in .local/web-build/<key>/, where the key hashes web/'s and core/'s sources, web's
 * build plugins and config files, package-lock.json and the VITE_ settings the build bakes in. Text files get a
 * gzip twin (name.gz) for the local host to send. The latest few builds are kept.
 *
 * Run as a script it prints the build's folder on stdout (its log goes to stderr), for a shell
 * command such as Playwright's local host entry.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_BUILD_CACHE = join(root, '.local', 'web-build');

/** Builds kept: npm start's, an end-to-end run's (its own emulator address) and a previous one or two. */
const KEEP_BUILDS = 4;
/** A half-made build older than this was left by a build that died. */
const STALE_PARTIAL_MS = 30 * 60_000;
const INPUTS_FILE = 'build-inputs.json';
const COMPRESSED = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.wasm', '.txt', '.webmanifest']);
/** Smaller files gain too little from gzip to be worth a second file. */
const COMPRESS_MIN_BYTES = 1024;

const SOURCE_DIRS = ['web/src', 'web/public', 'web/vite-plugins', 'core/src'];
const SOURCE_FILES = [
  'web/index.html',
  'web/vite.config.ts',
  'web/postcss.config.cjs',
  'web/tsconfig.json',
  'web/package.json',
  'core/package.json',
  'package-lock.json',
];
/** Tests are in the source folders but never in the build: editing one must not rebuild. */
const NOT_BUILT = /\.test\.tsx?$|\/__tests__\//;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The files whose content a build depends on, relative to the repository and sorted. */
function buildSources() {
  const files = SOURCE_FILES.filter((file) => existsSync(join(root, file)));
  for (const dir of SOURCE_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const path of filesUnder(join(root, dir))) {
      const file = relative(root, path);
      if (!NOT_BUILT.test(file)) files.push(file);
    }
  }
  const webDir = join(root, 'web');
  for (const name of readdirSync(webDir)) if (name.startsWith('.env')) files.push(`web/${name}`);
  return files.sort();
}

/**
 * The VITE_ settings a build bakes in, sorted.
 * @param {Record<string, string | undefined>} env
 */
export function viteSettings(env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith('VITE_') && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * What a build is made from: a hash of its sources and the VITE_ settings; together they name it.
 * @param {Record<string, string | undefined>} env
 */
export function webBuildInputs(env = process.env) {
  const hash = createHash('sha256');
  for (const file of buildSources()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  const sources = hash.digest('hex').slice(0, 16);
  const settings = viteSettings(env);
  const key = createHash('sha256')
    .update(`${sources}\0${JSON.stringify(settings)}`)
    .digest('hex')
    .slice(0, 16);
  return { key, sources, settings };
}

/** The finished builds, newest use first. */
function cachedBuilds() {
  if (!existsSync(WEB_BUILD_CACHE)) return [];
  return readdirSync(WEB_BUILD_CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.includes('.partial-'))
    .map((entry) => ({ key: entry.name, dir: join(WEB_BUILD_CACHE, entry.name) }))
    .filter((build) => existsSync(join(build.dir, INPUTS_FILE)))
    .map((build) => ({ ...build, used: statSync(join(build.dir, INPUTS_FILE)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
}

/** Why a new build is needed, said against the last one made. */
function rebuildReason(inputs, previous) {
  if (!previous) return 'no build yet';
  const last = JSON.parse(readFileSync(join(previous.dir, INPUTS_FILE), 'utf8'));
  return last.sources === inputs.sources ? 'VITE_ settings changed' : 'sources changed';
}

/** Writes name.gz beside each text file worth compressing. */
function precompress(dir) {
  for (const path of filesUnder(dir)) {
    if (!COMPRESSED.has(extname(path)) || path.includes(`${join(dir, '.vite')}`)) continue;
    const bytes = readFileSync(path);
    if (bytes.byteLength >= COMPRESS_MIN_BYTES) writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

function prune(keepKey) {
  for (const build of cachedBuilds().filter((b) => b.key !== keepKey).slice(KEEP_BUILDS - 1)) {
    rmSync(build.dir, { recursive: true, force: true });
  }
  for (const entry of readdirSync(WEB_BUILD_CACHE)) {
    const path = join(WEB_BUILD_CACHE, entry);
    if (entry.includes('.partial-') && Date.now() - statSync(path).mtimeMs > STALE_PARTIAL_MS) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/**
 * The production build for these VITE_ settings: reused when one exists, else made now.
 * @param {{ env?: Record<string, string | undefined>, log?: (line: string) => void }} [options]
 * @returns {{ dir: string, key: string, reused: boolean }}
 */
export function ensureWebBuild({ env = process.env, log = (line) => console.log(line) } = {}) {
  const inputs = webBuildInputs(env);
  const dir = join(WEB_BUILD_CACHE, inputs.key);
  const inputsFile = join(dir, INPUTS_FILE);
  if (existsSync(inputsFile)) {
    log(`Reusing the web build ${inputs.key} (web/ and core/ unchanged)`);
    const now = new Date();
    utimesSync(inputsFile, now, now);
    return { dir, key: inputs.key, reused: true };
  }

  log(`Building the web app (${rebuildReason(inputs, cachedBuilds()[0])}) …`);
  mkdirSync(WEB_BUILD_CACHE, { recursive: true });
  const partial = join(WEB_BUILD_CACHE, `${inputs.key}.partial-${process.pid}`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', partial, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    // Its output goes to stderr: run as a script, stdout carries only the folder.
    { cwd: join(root, 'web'), env: { ...process.env, ...env }, stdio: ['ignore', process.stderr, 'inherit'] },
  );
  if (build.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`The web build failed (vite build exited with ${build.status ?? build.signal})`);
  }
  precompress(partial);
  writeFileSync(join(partial, INPUTS_FILE), `${JSON.stringify(inputs, null, 2)}\n`);
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another run made the same build meanwhile: theirs is as good as this one.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(inputsFile)) throw error;
  }
  prune(inputs.key);
  log(`Built the web app: ${relative(root, dir)}`);
  return { dir, key: inputs.key, reused: false };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${ensureWebBuild({ log: (line) => console.error(line) }).dir}\n`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
