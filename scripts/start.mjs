#!/usr/bin/env node
// `npm start`: the whole product in local mode on this machine, no downloads. Builds the server
// and the web app's production build (reused while web/ and core/ are unchanged: lib/webBuild.mjs),
// then starts the Auth emulator (reusing one that already answers on 9099) and the local host
// (which seeds the demo seller on first start), which serves the app on 5173 and the API on 5050.
// `npm run dev` (--dev) runs the Vite dev server on 5173 instead, with hot reload. Prints the
// addresses and the demo login, and stops everything it started on Ctrl-C or when one exits.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AUTH_EMULATOR_HOST, ensureAuthEmulator } from './lib/authEmulator.mjs';
import { startProcess } from './lib/processes.mjs';
import { ensureWebBuild } from './lib/webBuild.mjs';
import { LOCAL_HOST_ENV } from './lib/hostEnv.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_HOST_URL = process.env.FLIPSTAGE_BASE_URL ?? 'http://127.0.0.1:5050';
const WEB_URL = 'http://127.0.0.1:5173';
const dev = process.argv.includes('--dev');
const DEMO_LOGIN = { email: 'demo@flipstage.local', password: 'flipstage-demo' };

const say = (line) => console.log(line);

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

/** Starts a service whose log lines are shown with its name, and which stops everything if it exits. */
async function startService({ name, label, url, format = (line) => line, ...spec }) {
  const running = await startProcess({
    name,
    ...spec,
    onLine: (line) => {
      const shown = line.trim() && format(line);
      if (shown) say(`[${name}] ${shown}`);
    },
  });
  started.push({ name, label, url, stop: running.stop });
  void running.exited.then((status) => {
    if (stopping) return;
    say(`[${name}] exited (${status}); stopping everything.`);
    void shutdown(1);
  });
}

say('Building (tsc -b) …');
const build = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed; fix the errors above and run npm start again.');
  process.exit(build.status ?? 1);
}

let webBuild = null;
if (!dev) {
  try {
    webBuild = ensureWebBuild({ log: say });
  } catch (error) {
    console.error(`${error.message}; fix the errors above and run npm start again.`);
    process.exit(1);
  }
}

try {
  const auth = await ensureAuthEmulator({ host: AUTH_EMULATOR_HOST, log: (line) => say(`[auth] ${line}`) });
  if (!auth.started) say(`[auth] reusing the Auth emulator already answering on ${auth.host}`);
  started.push({ name: 'auth', label: 'Auth emulator', url: auth.url, stop: auth.stop });

  await startService({
    name: 'api',
    label: 'Local host (/api, /blobs, /dev)',
    url: LOCAL_HOST_URL,
    command: process.execPath,
    args: ['functions/dist/localHost/main.js'],
    env: {
      ...LOCAL_HOST_ENV,
      PORT: new URL(LOCAL_HOST_URL).port || '5050',
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      ...(webBuild ? { FLIPSTAGE_WEB_DIR: webBuild.dir, FLIPSTAGE_WEB_PORT: new URL(WEB_URL).port } : {}),
    },
    // Logged once the demo seller is seeded, so the demo login works as soon as it is printed.
    ready: (line) => line.includes('"message":"local host ready"'),
    format: formatHostLog,
  });

  if (!webBuild) {
    await startService({
      name: 'web',
      label: 'Web app (Vite, hot reload)',
      url: WEB_URL,
      command: 'npx',
      args: ['vite', 'web', '--clearScreen', 'false'],
      ready: (line) => line.includes(WEB_URL),
      format: (line) => !line.includes('nodedir') && line,
    });
  }
} catch (error) {
  console.error(`\n${error.message}`);
  await shutdown(1);
}

// With a production build the local host serves the app too, on the web port.
const addresses = [
  ...(webBuild ? [{ label: 'Web app (production build)', url: WEB_URL }] : []),
  ...started.map(({ label, url }) => ({ label, url })),
];
const width = Math.max(...addresses.map((a) => a.label.length));
say('\nFlipStage is running in local mode:');
for (const { label, url } of addresses) say(`  ${label.padEnd(width)}  ${url}`);
say(`  ${'Demo login'.padEnd(width)}  ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
say(`Accounts, credits, images and listings are kept in ${process.env.FLIPSTAGE_DATA_DIR ?? '.local/'} across restarts`);
say('(npm run backup saves a copy; delete the folder to start over). Press Ctrl-C to stop.');
