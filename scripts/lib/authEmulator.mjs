// The Firebase Auth emulator (pure Node, offline) under project demo-flipstage, run by firebase-tools.
// ensureAuthEmulator() gives each process one of its own on a free port, so test runs never share
// accounts with `npm start` or each other, and one run stopping never pulls it from under another.
// Given a host (npm start: 127.0.0.1:9099), it reuses an emulator that already answers there, which
// it then never stops.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.mjs';
import { httpGet, startProcess } from './processes.mjs';

export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEMO_PROJECT_ID = 'demo-flipstage';

const firebaseCli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');

/**
 * POSTs JSON to the emulator on a fresh connection. The emulator drops idle keep-alive sockets, and
 * a POST that fetch() sends on such a socket fails with "other side closed" instead of retrying.
 * @param {string} url
 * @param {unknown} body
 * @param {Record<string, string>} [headers] e.g. the emulator's admin `authorization: Bearer owner`
 * @returns {Promise<{ status: number, json: any }>}
 */
export function postEmulatorJson(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        } catch {
          reject(new Error(`The Auth emulator answered ${res.statusCode} with: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Writes into dir, once, a firebase.json for an Auth emulator on `port` (Playwright's workers load
 * their config again), and returns the firebase-tools command that starts it; run it in dir, where
 * firebase-tools writes its debug log. The hub and logging ports firebase-tools opens beside it are
 * picked free too: two emulators starting at once would otherwise race for the same defaults.
 * @param {string} dir
 * @param {number} port
 */
export async function authEmulatorCommand(dir, port) {
  const config = join(dir, 'firebase.json');
  if (!existsSync(config)) {
    const local = async () => ({ host: '127.0.0.1', port: await freePort() });
    const emulators = { auth: { host: '127.0.0.1', port }, hub: await local(), logging: await local(), ui: { enabled: false }, singleProjectMode: true };
    writeFileSync(config, JSON.stringify({ emulators }));
  }
  return { command: process.execPath, args: [firebaseCli, 'emulators:start', '--only', 'auth', '--project', DEMO_PROJECT_ID, '--config', config] };
}

/**
 * One emulator per process, stopped when its last user stops: Vitest runs the functions and cli
 * projects' set-ups in one process, and the local host the cli one starts there points the whole
 * process's Admin SDK (FIREBASE_AUTH_EMULATOR_HOST) at its emulator, so both must use the same one.
 */
const shared = (globalThis[Symbol.for('flipstage.authEmulator')] ??= { users: 0, starting: null });

/**
 * @param {{ host?: string, timeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ host: string, url: string, started: boolean, stop: () => Promise<void> }>}
 */
export async function ensureAuthEmulator(options = {}) {
  if (options.host) {
    const answer = await httpGet(`http://${options.host}/`);
    if (answer?.status === 200 && answer.text.includes('authEmulator')) {
      return { host: options.host, url: `http://${options.host}`, started: false, stop: async () => {} };
    }
    return startAuthEmulator(Number(new URL(`http://${options.host}`).port), options);
  }
  shared.users += 1;
  shared.starting ??= freePort().then((port) => startAuthEmulator(port, options));
  let emulator;
  try {
    emulator = await shared.starting;
  } catch (error) {
    if (--shared.users === 0) shared.starting = null;
    throw error;
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (--shared.users > 0) return;
    shared.starting = null;
    await emulator.stop();
  };
  return { ...emulator, stop };
}

async function startAuthEmulator(port, options) {
  const host = `127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'flipstage-auth-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    options.log?.(`Starting the Firebase Auth emulator on ${host} …`);
    const emulator = await startProcess({
      name: 'The Auth emulator',
      ...(await authEmulatorCommand(dir, port)),
      cwd: dir,
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      ready: `http://${host}/`,
      timeoutMs: options.timeoutMs ?? 90_000,
    });
    const stop = async () => {
      await emulator.stop();
      removeDir();
    };
    return { host, url: `http://${host}`, started: true, stop };
  } catch (error) {
    removeDir();
    throw error;
  }
}
