// The Firebase Auth emulator (pure Node, offline) on 127.0.0.1:9099, project demo-flipstage.
// ensureAuthEmulator() reuses one that already answers (several test runs and `npm start` share
// it) or starts one, and returns stop(), which stops only an emulator this call started.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEMO_PROJECT_ID = 'demo-flipstage';

/** True when an Auth emulator answers at host:port. */
export async function authEmulatorAnswers(host = AUTH_EMULATOR_HOST) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = await response.text();
    return response.ok && body.includes('authEmulator');
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ host?: string, projectId?: string, timeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ host: string, url: string, started: boolean, stop: () => Promise<void> }>}
 */
export async function ensureAuthEmulator(options = {}) {
  const host = options.host ?? AUTH_EMULATOR_HOST;
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const url = `http://${host}`;
  const log = options.log ?? (() => {});
  if (await authEmulatorAnswers(host)) return { host, url, started: false, stop: async () => {} };

  log(`Starting the Firebase Auth emulator on ${host} …`);
  const child = spawn('npx', ['firebase', 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited) return;
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (await authEmulatorAnswers(host)) return { host, url, started: true, stop };
    if (hasExited) {
      // Another process may have won the race for the port: reuse its emulator.
      if (await authEmulatorAnswers(host)) return { host, url, started: false, stop: async () => {} };
      throw new Error(`The Auth emulator exited before answering on ${host}:\n${output}`);
    }
    await sleep(300);
  }
  await stop();
  throw new Error(`The Auth emulator did not answer on ${host} in time:\n${output}`);
}
