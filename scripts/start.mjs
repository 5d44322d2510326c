#!/usr/bin/env node
// `npm start`: the whole product in local mode on this machine, no downloads. Builds when needed,
// then starts each service in order (reusing an Auth emulator that already answers), waits until
// each is ready, prints the addresses and the demo login, and stops everything it started on
// Ctrl-C. Add a service by appending to SERVICES.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureAuthEmulator } from './lib/authEmulator.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_HOST_URL = process.env.FLIPSTAGE_BASE_URL ?? 'http://127.0.0.1:5050';
const DEMO_LOGIN = { email: 'demo@flipstage.local', password: 'flipstage-demo' };

const say = (line) => console.log(line);

/**
 * Runs a long-lived child process and resolves once a log line says it is ready.
 * @param {{ name: string, command: string, args: string[], env?: Record<string, string>, ready: (line: string) => boolean, format?: (line: string) => string | null }} spec
 */
function startProcess(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, spec.args, {
      cwd: root,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let ready = false;
    let tail = '';
    const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
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
    const onLine = (line) => {
      if (!line.trim()) return;
      tail = `${tail}\n${line}`.slice(-4000);
      const shown = spec.format ? spec.format(line) : line;
      if (shown) say(`[${spec.name}] ${shown}`);
      if (!ready && spec.ready(line)) {
        ready = true;
        resolve({ stop });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    exited.then(({ code, signal }) => {
      if (!ready) reject(new Error(`${spec.name} exited (${signal ?? code}) before it was ready:${tail}`));
      else if (!stopping) {
        say(`[${spec.name}] exited (${signal ?? code}); stopping everything.`);
        void shutdown(1);
      }
    });
  });
}

/** The local host logs JSON lines; show them as short readable ones. */
function formatHostLog(line) {
  try {
    const entry = JSON.parse(line);
    if (entry.message === 'request completed') {
      return entry.path?.startsWith('/api') || entry.status >= 400
        ? `${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms`
        : null;
    }
    const extra = entry.error ? ` — ${entry.error}` : '';
    return `${entry.severity === 'INFO' ? '' : `${entry.severity} `}${entry.message}${extra}`;
  } catch {
    return line;
  }
}

const SERVICES = [
  {
    name: 'auth',
    label: 'Auth emulator',
    async start() {
      const emulator = await ensureAuthEmulator({ log: (line) => say(`[auth] ${line}`) });
      if (!emulator.started) say(`[auth] reusing the Auth emulator already answering on ${emulator.host}`);
      return { url: emulator.url, stop: emulator.stop };
    },
  },
  {
    name: 'api',
    label: 'Local host (/api, /blobs, /dev)',
    async start() {
      const { port } = new URL(LOCAL_HOST_URL);
      const running = await startProcess({
        name: 'api',
        command: process.execPath,
        args: ['functions/dist/localHost/main.js'],
        env: { PORT: port || '5050', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
        ready: (line) => line.includes('"message":"local host ready"'),
        format: formatHostLog,
      });
      return { url: LOCAL_HOST_URL, stop: running.stop };
    },
  },
  {
    name: 'web',
    label: 'Web app',
    async start() {
      const running = await startProcess({
        name: 'web',
        command: 'npx',
        args: ['vite', 'web', '--clearScreen', 'false'],
        ready: (line) => line.includes('127.0.0.1:5173'),
        format: (line) => (line.includes('nodedir') ? null : line),
      });
      return { url: 'http://127.0.0.1:5173', stop: running.stop };
    },
  },
];

const started = [];
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  say('\nStopping …');
  for (const service of [...started].reverse()) {
    try {
      await service.stop();
    } catch (error) {
      console.error(`[${service.name}] did not stop cleanly: ${error.message}`);
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

say('Building (tsc -b) …');
const build = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed; fix the errors above and run npm start again.');
  process.exit(build.status ?? 1);
}

try {
  for (const service of SERVICES) {
    const running = await service.start();
    started.push({ name: service.name, label: service.label, ...running });
  }
} catch (error) {
  console.error(`\n${error.message}`);
  await shutdown(1);
}

const width = Math.max(...started.map((s) => s.label.length));
say('\nFlipStage is running in local mode:');
for (const service of started) say(`  ${service.label.padEnd(width)}  ${service.url}`);
say(`  ${'Demo login'.padEnd(width)}  ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
say('Press Ctrl-C to stop.');
