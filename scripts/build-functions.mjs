#!/usr/bin/env node
/**
 * `npm run build:functions`: the deployable functions (api, stage, the sweeper) in functions/lib,
 * which firebase.json names as the functions source. `firebase deploy` uploads only that folder
 * and runs `npm ci` on it in Cloud Build, where the workspace package @flipstage/core does not
 * exist, so:
 *
 * - functions/src/index.ts is bundled with esbuild, with core inlined from its source, and code
 *   split at its dynamic imports, so the image code stays out of the module every function loads;
 *   the engine's worker thread (stagers/pool/engineWorker.ts) is a second entry, engineWorker.js;
 * - every other package stays an import, and the generated package.json lists exactly the ones
 *   the bundle imports, at the ranges functions/ and core/ declare, with a package-lock.json cut
 *   from the repository's (the versions the tests ran against; registry packages only);
 * - onnxruntime-node and libheif-js are not installed but vendored: only the files the functions
 *   run go to vendor/ (scripts/lib/vendorPackages.mjs); their runtime dependencies stay packages;
 * - the staging engine's model files (U²-Net small, the NanoDet home-good detector) are copied to
 *   models/ beside it (scripts/lib/vendorPackages.mjs), and its room plates
 *   (functions/assets/plates, docs/plates.md) to plates/;
 * - functions/.env* and functions/.secret.local (params and emulator secrets, if you keep any)
 *   are copied beside it, because Firebase reads them from the functions source folder.
 * - the web app's built index.html is copied beside it as web-index.html: the listing pages
 *   (/marketplace/{id}, which Hosting rewrites to `api`) are that page with the listing's head.
 *   Build the web app first (firebase.json's functions predeploy runs build:deploy -w web).
 *
 *   --emulator   also fill in what the Emulator Suite needs and you did not set: the plans' local
 *                price ids as params. Never used for deploys.
 *   --emulator-env KEY=VALUE   with --emulator, set a param in the bundle's .env.local over any
 *                value copied from functions/ (repeatable): what one Emulator Suite run decides,
 *                such as its Hosting origin (scripts/lib/firebaseEmulatorSuite.mjs).
 *   --out <dir>  build somewhere else than functions/lib (tests do); it must sit inside the
 *                repository so the bundle's imports resolve from its node_modules.
 *   --web-index <file>  the built index.html to carry (default web/dist/index.html). With
 *                --emulator and no such file, the bundle carries none: its listing pages fail.
 */
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { deployLockfile } from './lib/deployLockfile.mjs';
import { deployParamProblems } from './lib/deployParams.mjs';
import { copyEngineModels, VENDORED_PACKAGES, vendoredImport, vendoredRuntimeDependencies, vendorPackages } from './lib/vendorPackages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const functionsDir = join(root, 'functions');
const { values } = parseArgs({
  options: {
    emulator: { type: 'boolean', default: false },
    'emulator-env': { type: 'string', multiple: true, default: [] },
    out: { type: 'string', default: join(functionsDir, 'lib') },
    'web-index': { type: 'string', default: join(root, 'web', 'dist', 'index.html') },
  },
});
const outDir = resolve(values.out);

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const functionsPackage = readJson(join(functionsDir, 'package.json'));
const corePackage = readJson(join(root, 'core', 'package.json'));

/**
 * Pure-ESM packages inlined into the bundle rather than installed: the bundle keeps the few
 * kilobytes it uses, the deploy package drops the 30 MB they weigh installed (stripe's every API
 * version's types, zod's locales).
 */
const INLINED_PACKAGES = ['stripe', 'zod'];

/** Inline the workspace's core from source; leave every npm package and Node built-in as an import. */
const workspaceInliner = {
  name: 'inline-workspace-core',
  setup(bundler) {
    bundler.onResolve({ filter: /^@flipstage\/core$/ }, () => ({ path: join(root, 'core', 'src', 'index.ts') }));
    bundler.onResolve({ filter: /^[^./]/ }, (args) => {
      if (INLINED_PACKAGES.includes(packageName(args.path))) return undefined;
      return { path: vendoredImport(args.path) ?? args.path, external: true };
    });
  },
};

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/**
 * The dependencies the bundle really imports, each at the range its workspace declares, and the
 * workspace folder that declares it (where its resolution starts in the repository's lockfile).
 */
function deployDependencies(metafile) {
  const declared = new Map([
    ...Object.entries(corePackage.dependencies ?? {}).map(([name, range]) => [name, { range, from: 'core' }]),
    ...Object.entries(functionsPackage.dependencies).map(([name, range]) => [name, { range, from: 'functions' }]),
  ]);
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const entry of output.imports) {
      if (entry.external && !isBuiltin(entry.path) && !entry.path.startsWith('./vendor/')) imported.add(packageName(entry.path));
    }
  }
  const vendored = vendoredRuntimeDependencies();
  const missing = [...imported].filter((name) => !declared.has(name));
  if (missing.length > 0) {
    throw new Error(`The bundle imports ${missing.join(', ')}, which functions/package.json does not declare`);
  }
  const names = [...imported, ...Object.keys(vendored)].sort();
  return {
    dependencies: Object.fromEntries(names.map((name) => [name, vendored[name] ?? declared.get(name).range])),
    from: Object.fromEntries(names.map((name) => [name, declared.get(name)?.from ?? 'functions'])),
  };
}

function copyUserSettings() {
  const names = readdirSync(functionsDir).filter((name) => name === '.secret.local' || /^\.env(\..+)?$/.test(name));
  for (const name of names) copyFileSync(join(functionsDir, name), join(outDir, name));
}

/** The room plates are files the engine reads (engine/plates/library.ts looks beside the bundle first). */
function copyRoomPlates() {
  const plates = join(functionsDir, 'assets', 'plates');
  if (!existsSync(plates)) {
    throw new Error(`${relative(root, plates)} is missing: the engine cannot stage without its room plates`);
  }
  cpSync(plates, join(outDir, 'plates'), { recursive: true });
}

/** The SPA's index.html, which the listing pages are served from (functionApps.ts reads web-index.html). */
function copyWebIndex() {
  const index = resolve(values['web-index']);
  if (existsSync(index)) {
    copyFileSync(index, join(outDir, 'web-index.html'));
  } else if (values.emulator) {
    console.warn(`No ${relative(root, index)}: this bundle's listing pages (/marketplace/{id}) will fail`);
  } else {
    throw new Error(`${relative(root, index)} is missing: build the web app first (npm run build:deploy -w web)`);
  }
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

/** KEY=VALUE pairs of --emulator-env, checked before anything is built. */
function emulatorEnvOverrides(pairs) {
  return Object.fromEntries(
    pairs.map((pair) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(pair);
      if (!match) throw new Error(`--emulator-env takes KEY=VALUE with an upper-case KEY, got ${JSON.stringify(pair)}`);
      return [match[1], match[2]];
    }),
  );
}

function setEntries(path, entries) {
  const keys = new Set(Object.keys(entries));
  const kept = existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !keys.has(/^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1]))
    : [];
  writeFileSync(path, [...kept, ...Object.entries(entries).map(([key, value]) => `${key}=${value}`)].join('\n') + '\n');
}

async function emulatorSettings(overrides) {
  const { LOCAL_PRICE_IDS } = await import('@flipstage/core').catch(() => {
    throw new Error('Build the workspace first (npm run build): the emulator settings use core’s local price ids');
  });
  const projectEnv = { ...parseDotenv(join(outDir, '.env')), ...parseDotenv(join(outDir, '.env.local')) };
  const prices = Object.fromEntries(Object.entries(LOCAL_PRICE_IDS).map(([plan, id]) => [`STRIPE_PRICE_${plan.toUpperCase()}`, id]));
  appendMissing(join(outDir, '.env.local'), Object.fromEntries(Object.entries(prices).filter(([key]) => !projectEnv[key])));
  // Stripe and Photoroom stay unset unless you provide them: staging then uses the built-in engine.
  setEntries(join(outDir, '.env.local'), overrides);
}

if (values['emulator-env'].length > 0 && !values.emulator)
  throw new Error('--emulator-env needs --emulator: it is never part of a deploy');
const overrides = emulatorEnvOverrides(values['emulator-env']);
if (!values.emulator) {
  // firebase deploy sets GCLOUD_PROJECT for its predeploy hooks.
  const problems = deployParamProblems(functionsDir, process.env.GCLOUD_PROJECT);
  if (problems.length > 0) {
    console.error(`Not deploying: functions/.env has values for this machine only:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
}
rmSync(outDir, { recursive: true, force: true });
const result = await build({
  // The engine's worker thread is an entry of its own, beside the chunks: stagers/pool/pooledEngine.ts
  // starts ./engineWorker.js from the chunk it lands in.
  entryPoints: [join(functionsDir, 'src', 'index.ts'), join(functionsDir, 'src', 'stagers', 'pool', 'engineWorker.ts')],
  outdir: outDir,
  // Chunks beside index.js, so the vendored runtime's path and the engine's files beside the
  // bundle (models/, plates/) resolve the same from every output file.
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [workspaceInliner],
});

const DEPLOY_NAME = 'flipstage-functions';
const deploy = deployDependencies(result.metafile);
const toJson = (value) => `${JSON.stringify(value, null, 2)}\n`;
writeFileSync(
  join(outDir, 'package.json'),
  toJson({
    name: DEPLOY_NAME,
    private: true,
    description: 'Generated by scripts/build-functions.mjs; edit functions/package.json instead.',
    type: 'module',
    main: 'index.js',
    engines: { node: '22' },
    dependencies: deploy.dependencies,
  }),
);
writeFileSync(
  join(outDir, 'package-lock.json'),
  toJson(deployLockfile(readJson(join(root, 'package-lock.json')), { name: DEPLOY_NAME, ...deploy })),
);
vendorPackages(outDir);
copyUserSettings();
copyEngineModels(outDir);
copyRoomPlates();
copyWebIndex();
if (values.emulator) await emulatorSettings(overrides);
console.log(`Built ${relative(root, outDir)} (${Object.keys(deploy.dependencies).join(', ')}; vendored: ${VENDORED_PACKAGES.map((p) => p.name).join(', ')})`);
