/**
 * `npm run bench:cli` (issue 7): 40 photos through the built `flipstage` binary and the local
 * host at concurrency 1, 2 and 4, against the staging engine's own sequential throughput
 * measured in the same run on the same photos. Target: at concurrency 2 the CLI reaches at
 * least 80 % of the engine's throughput on this 2-core machine.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, LOCAL_PRICE_IDS, buildAutoPrompt } from '@flipstage/core';
import { apiUrl as cliApiUrl } from '../cli/src/api/apiClient.js';
import { createLocalStager } from '../functions/src/stagers/engine/index.js';
import { LOCAL_SITE_URL } from '../functions/src/config.js';
import { emulatorSignUp } from '../cli/test/emulatorUsers.js';
import { startLocalStack } from '../cli/test/localStack.js';
import { BIN, REPO_ROOT } from '../cli/test/paths.js';
import { writePhotos } from '../cli/test/photos.js';

const IMAGES = 40;
const LEVELS = [1, 2, 4];
const TARGET_RATIO = 0.8;
const STYLE = 'scandinavian';
const TYPE = 'dresser';

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Sequential images per second of the engine alone, in this process, on the same photos. */
async function engineRate(dir: string): Promise<number> {
  const stager = createLocalStager();
  const names = (await readdir(dir)).filter((name) => name.endsWith('.jpg')).sort();
  const prompt = buildAutoPrompt(STYLE, TYPE);
  const started = performance.now();
  for (const name of names) {
    await stager.stage({
      image: await readFile(join(dir, name)),
      prompt,
      style: STYLE,
      furnitureType: TYPE,
      mode: 'auto',
      size: 'standard',
      variant: 0,
    });
  }
  return names.length / ((performance.now() - started) / 1000);
}

/**
 * Buys the Premium plan (450 credits) through local mode's simulated Stripe checkout, the way a
 * user would: create a checkout session, then press the checkout page's confirm button.
 */
async function subscribeToPremium(apiUrl: string, idToken: string): Promise<void> {
  const session = await fetch(cliApiUrl(apiUrl, API_PATHS.checkoutSession), {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      priceId: LOCAL_PRICE_IDS.premium,
      successUrl: `${LOCAL_SITE_URL}/dashboard`,
      cancelUrl: `${LOCAL_SITE_URL}/pricing`,
    }),
  });
  if (!session.ok) throw new Error(`checkout session: ${session.status} ${await session.text()}`);
  const { url } = (await session.json()) as { url: string };
  const confirm = await fetch(`${url}/confirm`, { method: 'POST', redirect: 'manual' });
  if (confirm.status !== 303) throw new Error(`checkout confirm: ${confirm.status} ${await confirm.text()}`);
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'flipstage-bench-cli-'));
  const stack = await startLocalStack((line) => console.log(line));
  try {
    const email = `bench-${randomUUID()}@example.com`;
    const password = `pw-${randomUUID()}`;
    const idToken = await emulatorSignUp(stack.authEmulatorHost, email, password);
    const env = { FLIPSTAGE_CONFIG_DIR: join(work, 'config') };
    const login = await run(
      [
        'login',
        '--email',
        email,
        '--password',
        password,
        '--api',
        stack.apiUrl,
        '--auth-emulator',
        stack.authEmulatorHost,
      ],
      env,
      work,
    );
    if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
    await subscribeToPremium(stack.apiUrl, idToken);

    // Warm the host (JIT, sharp's thread pool, PGlite) so the first level is not penalised.
    await mkdir(join(work, 'warmup'));
    await writePhotos(join(work, 'warmup'), 4, 'warmup');
    await run(['stage', 'warmup', '--out', 'warmup-out', '--yes', '--json'], env, work);

    const engineDir = join(work, 'engine');
    await mkdir(engineDir);
    await writePhotos(engineDir, IMAGES, 'engine');
    const engine = await engineRate(engineDir);

    const rates = new Map<number, number>();
    for (const level of LEVELS) {
      const folder = `level-${level}`;
      await mkdir(join(work, folder));
      // Distinct bytes per level: identical content and options would be answered from the idempotency record.
      await writePhotos(join(work, folder), IMAGES, folder);
      const started = performance.now();
      const result = await run(
        [
          'stage',
          folder,
          '--out',
          `${folder}-out`,
          '--concurrency',
          String(level),
          '--style',
          STYLE,
          '--type',
          TYPE,
          '--yes',
          '--json',
        ],
        env,
        work,
      );
      const seconds = (performance.now() - started) / 1000;
      // --json prints one event per line; the summary is the last.
      const summary = JSON.parse(result.stdout.trimEnd().split('\n').at(-1) ?? '{}') as {
        staged: unknown[];
        failed: unknown[];
      };
      if (result.code !== 0 || summary.staged.length !== IMAGES) {
        throw new Error(
          `concurrency ${level}: exit ${result.code}, ${summary.staged.length} staged, ${JSON.stringify(summary.failed)}`,
        );
      }
      rates.set(level, IMAGES / seconds);
    }

    const ratio = (rates.get(2) ?? 0) / engine;
    const lines = [
      `flipstage CLI, ${IMAGES} images (${STYLE} ${TYPE}, standard size) through the local host`,
      ...LEVELS.map((level) => `  concurrency ${level}: ${(rates.get(level) ?? 0).toFixed(2)} images/s`),
      `  engine alone (in-process, sequential): ${engine.toFixed(2)} images/s`,
      `  concurrency 2 / engine: ${(ratio * 100).toFixed(0)} % (target ≥ ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    ];
    console.log(lines.join('\n'));
    await mkdir(join(REPO_ROOT, 'bench-results'), { recursive: true });
    await writeFile(
      join(REPO_ROOT, 'bench-results', 'cli.json'),
      `${JSON.stringify({ images: IMAGES, imagesPerSecond: Object.fromEntries(rates), engineImagesPerSecond: engine, ratioAtConcurrency2: ratio }, null, 2)}\n`,
    );
  } finally {
    await stack.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
