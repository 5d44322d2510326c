/**
 * Long-lived child processes for `npm start` and the test set-ups. Each runs in a process group of
 * its own, so a wrapper such as npx goes down with what it runs, and a Ctrl-C reaches only the
 * parent, which stops its children in order. A child left running when the parent exits is sent
 * SIGTERM then, so none outlives it.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set();

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

process.on('exit', () => running.forEach((pid) => signalGroup(pid, 'SIGTERM')));

/**
 * GETs url on a fresh connection (the Auth emulator drops idle keep-alive sockets) and resolves to
 * its status and body, or null when nothing answers.
 * @param {string} url
 * @returns {Promise<{ status: number, text: string } | null>}
 */
export function httpGet(url) {
  return new Promise((resolve) => {
    // Generous: on a loaded machine a slow answer must not look like no answer at all.
    const req = request(url, { agent: false, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/**
 * Starts a command and resolves once it is ready: when `ready` (a URL) answers below 400, or when
 * `ready` (a test of its log lines) passes. Rejects with the end of its output when it exits first
 * or is not ready within timeoutMs.
 * @param {{ name: string, command: string, args: string[], cwd?: string, env?: Record<string, string>,
 *   ready: string | ((line: string) => boolean), onLine?: (line: string) => void, timeoutMs?: number }} spec
 * @returns {Promise<{ exited: Promise<number | string | null>, stop: () => Promise<void> }>}
 */
export async function startProcess(spec) {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd ?? root,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child.pid);
  let status;
  const exited = new Promise((resolve) =>
    child.once('close', (code, signal) => {
      running.delete(child.pid);
      status = signal ?? code;
      resolve(status);
    }),
  );
  let tail = '';
  let sawReadyLine = false;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      tail = `${tail}\n${line}`.slice(-4000);
      if (typeof spec.ready === 'function' && spec.ready(line)) sawReadyLine = true;
      spec.onLine?.(line);
    });
  }
  const stop = async () => {
    if (status !== undefined || !signalGroup(child.pid, 'SIGTERM')) return;
    const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (spec.timeoutMs ?? 120_000);
  for (;;) {
    if (typeof spec.ready === 'string' ? ((await httpGet(spec.ready))?.status ?? 500) < 400 : sawReadyLine) {
      return { exited, stop };
    }
    if (status !== undefined) throw new Error(`${spec.name} exited (${status}) before it was ready:${tail}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${spec.name} was not ready in time:${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
