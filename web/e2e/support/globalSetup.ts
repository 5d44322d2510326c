/// <reference types="node" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAuthEmulator } from '../../../scripts/lib/authEmulator.mjs';
import { e2eLocalHostPort, e2eWebUrl, LOCAL_HOST_PORT_VAR, WEB_PORT_VAR } from './ports';
import { freePort } from '../../../scripts/lib/freePort.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDir = join(repoRoot, 'web');

interface RunningLocalHost {
  url: string;
  close(): Promise<void>;
}
type StartLocalHost = (options: {
  port: number;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  seed: boolean;
  logger: { write(severity: string, message: string, fields?: Record<string, unknown>): void; child(): unknown };
}) => Promise<RunningLocalHost>;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Only warnings and errors from the local host reach the test output. */
function quietLogger() {
  const logger = {
    write(severity: string, message: string, fields?: Record<string, unknown>) {
      if (severity === 'WARNING' || severity === 'ERROR')
        console.error(`[local host] ${severity} ${message}`, fields ?? '');
    },
    child: () => logger,
  };
  return logger;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/**
 * Builds the SPA in local mode, then starts (or reuses) the Auth emulator, a local host on a temporary
 * data folder and `vite preview` on the e2e ports. Returns the teardown that stops what it started.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(repoRoot, 'functions/dist/localHost/server.js'))) run('npx', ['tsc', '-b'], repoRoot);

  // Each run builds and serves its own copy, so concurrent runs never empty each other's web/dist.
  const runDir = mkdtempSync(join(tmpdir(), 'flipstage-e2e-'));
  const webOut = join(runDir, 'web');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webOut, '--emptyOutDir'], webDir, {
    ...process.env,
    VITE_BACKEND: 'local',
  });

  process.env[WEB_PORT_VAR] ??= String(await freePort());
  process.env[LOCAL_HOST_PORT_VAR] ??= String(await freePort());
  const webUrl = e2eWebUrl();
  const localHostPort = e2eLocalHostPort();

  // Stopped in reverse order by the teardown, or at once when a later step fails.
  const stops: (() => Promise<void>)[] = [async () => rmSync(runDir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const emulator = await ensureAuthEmulator({ log: (line) => console.log(`[auth] ${line}`) });
    stops.push(emulator.stop);

    const serverModule = join(repoRoot, 'functions/dist/localHost/server.js');
    const { startLocalHost } = (await import(serverModule)) as { startLocalHost: StartLocalHost };
    const localHost = await startLocalHost({
      port: localHostPort,
      // Checkout and the portal send the browser back only to the site's own origin: this preview's.
      env: { ...process.env, SITE_URL: webUrl },
      dataDir: join(runDir, 'data'),
      seed: false,
      logger: quietLogger(),
    });
    stops.push(() => localHost.close());

    const preview = spawn(
      'npx',
      ['vite', 'preview', '--outDir', webOut, '--port', new URL(webUrl).port, '--strictPort'],
      {
        cwd: webDir,
        env: { ...process.env, FLIPSTAGE_LOCAL_HOST_URL: `http://127.0.0.1:${localHostPort}` },
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      },
    );
    stops.push(() => stopChild(preview));
    await waitForHttp(webUrl, 60_000);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
