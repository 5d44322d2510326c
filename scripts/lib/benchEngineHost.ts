/**
 * The local host's memory under staging, for `npm run bench:engine`: the built host
 * (functions/dist/localHost/main.js) started as its own process with a fresh data folder, a user
 * with Premium's credits, and uploads staged through POST /api/stage two at a time: the real
 * photos, the bench photo at 1600 × 1200 and a phone's 12 MP, and 24 MB camera files. The peak is
 * the kernel's VmHWM (Linux only). Issue 43: run once with the engine on the request thread
 * (FLIPSTAGE_ENGINE_WORKERS=0) and once on its worker threads (the default), side by side.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { ensureAuthEmulator, postEmulatorJson } from './authEmulator.mjs';
import { freePort } from './freePort.mjs';
import { LOCAL_HOST_ENV } from './hostEnv.mjs';

type Target = (pass: boolean, line: string) => void;

const TARGET_PEAK_RSS_BYTES = 900 * 1024 ** 2;
const HOST_CONCURRENCY = 2;
/** The `stage` function's concurrency and memory (functions/src/index.ts): the host must stay inside them. */
const FUNCTION_CONCURRENCY = 8;
const FUNCTION_MEMORY_BYTES = 2 * 1024 ** 3;
/** The attack in the hardening issue: a user with no credits sending 12 uploads of 24 MB at once. */
const BIG_UPLOADS = 12;
const BIG_UPLOAD_BYTES = 24 * 1024 ** 2;
const TARGET_BIG_UPLOAD_GROWTH_BYTES = 64 * 1024 ** 2;
const PHONE_SIZE = { width: 4032, height: 3024 };
/** A camera's full-size JPEG: 6000 × 4000 at quality 97 with sensor grain comes to about 24 MB. */
const CAMERA_SIZE = { width: 6000, height: 4000 };
const CAMERA_FILES = 2;

const root = new URL('../../', import.meta.url).pathname;

async function photoAt(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const sample = await readFile(join(root, 'samples/dresser-blue.jpg'));
  return new Uint8Array(await sharp(sample).resize(width, height).jpeg({ quality: 90 }).toBuffer());
}

/** A real photo at a camera's size with grain, so its JPEG is as big as a camera's (about 24 MB). */
async function cameraFile(): Promise<Uint8Array<ArrayBuffer>> {
  const sample = await readFile(join(root, 'samples/dresser-blue.jpg'));
  const { width, height } = CAMERA_SIZE;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .raw()
    .toBuffer();
  const photo = await sharp(sample)
    .resize(width, height)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 97, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return new Uint8Array(photo);
}

/** Peak and current resident set of a process, from Linux's /proc (VmHWM is the kernel's own high-water mark). */
async function residentSet(pid: number): Promise<{ peak: number; now: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { peak: kib('VmHWM'), now: kib('VmRSS') };
}

/** Where the host runs its engine: FLIPSTAGE_ENGINE_WORKERS's value, and what it means. */
export interface EngineMode {
  workers: string;
  label: string;
}

/** Starts the built local host as its own process and resolves once it logs that it is ready. */
async function startHostProcess(port: number, dataDir: string, authHost: string, workers: string) {
  const child = spawn(process.execPath, ['functions/dist/localHost/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...LOCAL_HOST_ENV,
      PORT: String(port),
      FLIPSTAGE_DATA_DIR: dataDir,
      FLIPSTAGE_SEED: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FLIPSTAGE_ENGINE_WORKERS: workers,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"message":"local host ready"')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`local host exited (${code}) before it was ready:\n${log.slice(-2000)}`)),
    );
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new user with the 10 sign-up credits; returns the authorization header. */
async function newUser(hostUrl: string, emulatorUrl: string, label: string): Promise<Record<string, string>> {
  const signUp = await postEmulatorJson(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    email: `bench-${label}-${Date.now()}@example.com`,
    password: 'bench-password',
    returnSecureToken: true,
  });
  const auth = { authorization: `Bearer ${(signUp.json as { idToken: string }).idToken}` };
  await fetch(`${hostUrl}/api/account`, { method: 'POST', headers: auth });
  return auth;
}

/** A new user with the Premium plan's credits, bought through the local host's simulated checkout. */
async function premiumUser(hostUrl: string, emulatorUrl: string): Promise<Record<string, string>> {
  const auth = await newUser(hostUrl, emulatorUrl, 'premium');
  const session = await fetch(`${hostUrl}/api/stripe-create-checkout-session`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      priceId: LOCAL_PRICE_IDS.premium,
      successUrl: `${hostUrl}/done`,
      cancelUrl: `${hostUrl}/cancel`,
    }),
  });
  const { id } = (await session.json()) as { id: string };
  await fetch(`${hostUrl}/dev/checkout/${id}/confirm`, { method: 'POST', redirect: 'manual' });
  return auth;
}

/** The real photos (refusals included), plus the bench photo at 1600 × 1200 and at a phone's 12 MP, three times each. */
async function hostUploads(
  benchPhoto: Uint8Array<ArrayBuffer>,
): Promise<Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }>> {
  const folder = join(root, 'functions/test/fixtures/photos');
  const names = (await readdir(folder)).filter((n) => n.endsWith('.jpg'));
  const uploads = await Promise.all(
    names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(join(folder, name))) })),
  );
  const phone = await photoAt(PHONE_SIZE.width, PHONE_SIZE.height);
  for (let i = 0; i < 3; i++)
    uploads.push({ name: 'dresser-1600x1200.jpg', bytes: benchPhoto }, { name: 'dresser-4032x3024.jpg', bytes: phone });
  const camera = await cameraFile();
  console.log(`camera file: ${CAMERA_SIZE.width}x${CAMERA_SIZE.height} JPEG of ${mib(camera.byteLength)}`);
  for (let i = 0; i < CAMERA_FILES; i++) uploads.push({ name: 'dresser-6000x4000.jpg', bytes: camera });
  return uploads;
}

/** A new signed-up user who has spent every credit. */
async function brokeUser(hostUrl: string, emulatorUrl: string): Promise<Record<string, string>> {
  const auth = await newUser(hostUrl, emulatorUrl, 'broke');
  const small = await photoAt(320, 240);
  for (let i = 0; i < 10; i++) await stageOnce(hostUrl, auth, { name: 'small.jpg', bytes: small });
  return auth;
}

async function stageOnce(
  hostUrl: string,
  auth: Record<string, string>,
  upload: { name: string; bytes: Uint8Array<ArrayBuffer> },
): Promise<number> {
  const form = new FormData();
  form.set('imageFile', new Blob([upload.bytes], { type: 'image/jpeg' }), upload.name);
  form.set('style', 'modern');
  form.set('furnitureType', 'dresser');
  form.set('mode', 'auto');
  const response = await fetch(`${hostUrl}/api/stage`, {
    method: 'POST',
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Stages the uploads `concurrency` at a time; returns the answers, counted by status. */
async function stageAll(
  hostUrl: string,
  auth: Record<string, string>,
  uploads: Array<{ name: string; bytes: Uint8Array<ArrayBuffer> }>,
  concurrency: number,
): Promise<string> {
  const queue = [...uploads];
  const statuses = new Map<number, number>();
  const worker = async () => {
    for (let upload = queue.shift(); upload; upload = queue.shift()) {
      const status = await stageOnce(hostUrl, auth, upload);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const answered = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  if ([...statuses.keys()].some((s) => s !== 200 && s !== 422))
    throw new Error(`unexpected answers from /api/stage: ${answered}`);
  return answered;
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

export async function benchHostMemory(benchPhoto: Uint8Array<ArrayBuffer>, target: Target, mode: EngineMode): Promise<void> {
  const emulator = await ensureAuthEmulator();
  const dataDir = await mkdtemp(join(tmpdir(), 'flipstage-bench-engine-host-'));
  // A first start makes the database (PGlite's initdb), whose few hundred MB of garbage stay until
  // the thread that made them collects them: the measured host opens it as `npm start` does on
  // every later start. The peak of that first start is printed for reference.
  const first = await startHostProcess(await freePort(), dataDir, emulator.host, mode.workers);
  const made = await residentSet(first.pid);
  await first.stop();
  const host = await startHostProcess(await freePort(), dataDir, emulator.host, mode.workers);
  console.log(`${mode.label}: (the start that made the database peaked at ${mib(made.peak)})`);
  try {
    const broke = await brokeUser(host.url, emulator.url);
    const auth = await premiumUser(host.url, emulator.url);
    const idle = await residentSet(host.pid);

    // The big uploads come first, while the peak is still the idle host's: they must not move it.
    const junk = new Uint8Array(BIG_UPLOAD_BYTES);
    const refused = await Promise.all(
      Array.from({ length: BIG_UPLOADS }, () => stageOnce(host.url, broke, { name: 'big.jpg', bytes: junk })),
    );
    const afterBig = await residentSet(host.pid);
    console.log(
      `local host process: ${mib(idle.now)} resident before staging; ${BIG_UPLOADS} uploads of ${mib(BIG_UPLOAD_BYTES)} at once from a user without credits answered ${[...new Set(refused)].join(', ')}`,
    );
    target(
      afterBig.peak - idle.peak <= TARGET_BIG_UPLOAD_GROWTH_BYTES && refused.every((s) => s === 402),
      `peak grew ${mib(afterBig.peak - idle.peak)} ≤ ${mib(TARGET_BIG_UPLOAD_GROWTH_BYTES)} under ${BIG_UPLOADS} concurrent ${mib(BIG_UPLOAD_BYTES)} uploads refused with 402`,
    );

    const uploads = await hostUploads(benchPhoto);
    const atTwo = await stageAll(host.url, auth, uploads, HOST_CONCURRENCY);
    const peakAtTwo = (await residentSet(host.pid)).peak;
    console.log(`${uploads.length} uploads ${HOST_CONCURRENCY} at a time answered ${atTwo}`);
    target(
      peakAtTwo <= TARGET_PEAK_RSS_BYTES,
      `local host peak RSS ${mib(peakAtTwo)} ≤ ${mib(TARGET_PEAK_RSS_BYTES)} while staging at concurrency ${HOST_CONCURRENCY} (${mode.label})`,
    );

    const atFunction = await stageAll(host.url, auth, [...uploads, ...uploads], FUNCTION_CONCURRENCY);
    const peakAtFunction = (await residentSet(host.pid)).peak;
    console.log(`${uploads.length * 2} uploads ${FUNCTION_CONCURRENCY} at a time answered ${atFunction}`);
    target(
      peakAtFunction <= FUNCTION_MEMORY_BYTES,
      `peak RSS ${mib(peakAtFunction)} ≤ ${mib(FUNCTION_MEMORY_BYTES)} (the api function's memory) at its concurrency of ${FUNCTION_CONCURRENCY}`,
    );
  } finally {
    await host.stop();
    await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

