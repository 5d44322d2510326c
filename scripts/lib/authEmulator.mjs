// The Firebase Auth emulator (pure Node, offline) on 127.0.0.1:9099, project demo-flipstage.
// ensureAuthEmulator() reuses one that already answers (several test runs and `npm start` share
// it) or starts one. Users hold leases (files named by pid in a temp folder); stop() gives the
// lease back, and the last user of an emulator that one of them started stops it. So one run
// finishing never pulls the emulator from under another, and none is left behind. An emulator
// started some other way (e.g. `firebase emulators:exec`) is never stopped from here.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEMO_PROJECT_ID = 'demo-flipstage';

/**
 * POSTs JSON to the emulator on a fresh connection. The emulator drops idle keep-alive sockets, and
 * a POST that fetch() sends on such a socket fails with "other side closed" instead of retrying.
 * @param {string} url
 * @param {unknown} body
 * @returns {Promise<{ status: number, json: any }>}
 */
export function postEmulatorJson(url, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
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

/** True when an Auth emulator answers at host:port (probed on a fresh connection). */
export function authEmulatorAnswers(host = AUTH_EMULATOR_HOST) {
  return new Promise((resolve) => {
    // Generous: on a loaded machine a slow answer must not look like no emulator at all.
    const req = request(`http://${host}/`, { agent: false, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && text.includes('authEmulator')));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

function leaseDir(host) {
  const dir = join(tmpdir(), `flipstage-auth-emulator-${host.replace(/[^0-9A-Za-z]/g, '_')}`);
  mkdirSync(join(dir, 'leases'), { recursive: true });
  return dir;
}

function takeLease(dir) {
  const name = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(dir, 'leases', name), '');
  return name;
}

function liveLeases(dir) {
  return readdirSync(join(dir, 'leases')).filter((name) => {
    if (alive(Number(name.split('-')[0]))) return true;
    rmSync(join(dir, 'leases', name), { force: true });
    return false;
  });
}

/** Gives the lease back; the last one out stops an emulator that a lease holder started. */
async function release(dir, lease) {
  rmSync(join(dir, 'leases', lease), { force: true });
  if (liveLeases(dir).length > 0) return;
  let pid;
  try {
    pid = Number(readFileSync(join(dir, 'emulator.pid'), 'utf8'));
  } catch {
    return;
  }
  rmSync(join(dir, 'emulator.pid'), { force: true });
  if (!pid || !alive(pid)) return;
  try {
    process.kill(-pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000 && alive(pid); waited += 200) await sleep(200);
  if (alive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * @param {{ host?: string, projectId?: string, timeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ host: string, url: string, started: boolean, stop: () => Promise<void> }>}
 */
export async function ensureAuthEmulator(options = {}) {
  const host = options.host ?? AUTH_EMULATOR_HOST;
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const url = `http://${host}`;
  const log = options.log ?? (() => {});
  const dir = leaseDir(host);
  const lease = takeLease(dir);
  const stop = () => release(dir, lease);
  try {
    if (await authEmulatorAnswers(host)) return { host, url, started: false, stop };
    await startEmulator({ host, projectId, dir, log, timeoutMs: options.timeoutMs ?? 90_000 });
    return { host, url, started: true, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Records the emulator's pid unless a live one is recorded already; true when this call wrote it. */
function claimPidFile(pidFile, pid) {
  try {
    const recorded = Number(readFileSync(pidFile, 'utf8'));
    if (recorded && alive(recorded)) return false;
  } catch {
    // no pid recorded yet
  }
  writeFileSync(pidFile, String(pid));
  return true;
}

async function startEmulator({ host, projectId, dir, log, timeoutMs }) {
  log(`Starting the Firebase Auth emulator on ${host} …`);
  // Its output goes to a file: it may outlive this process, and a closed pipe would kill it.
  const logFile = join(dir, 'emulator.log');
  const out = openSync(logFile, 'a');
  const child = spawn('npx', ['firebase', 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  closeSync(out);
  let hasExited = false;
  child.once('exit', () => (hasExited = true));
  child.unref();
  const output = () => readFileSync(logFile, 'utf8').slice(-4000);
  // Owned from the moment it exists, so the last lease holder stops it even if this process dies.
  const pidFile = join(dir, 'emulator.pid');
  const owned = claimPidFile(pidFile, child.pid);
  const disown = () => {
    if (owned) rmSync(pidFile, { force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await authEmulatorAnswers(host)) return;
    if (hasExited) {
      disown();
      // Another process may have won the race for the port: reuse its emulator.
      if (await authEmulatorAnswers(host)) return;
      throw new Error(`The Auth emulator exited before answering on ${host}:\n${output()}`);
    }
    await sleep(300);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  disown();
  throw new Error(`The Auth emulator did not answer on ${host} in time:\n${output()}`);
}
