/**
 * The local host as `npm start` runs it, a process of its own (the built main.js) that a test can
 * really kill, beside an Auth emulator of its own that a test can throw away, with the requests
 * a browser makes: sign-up and sign-in through the host, the API with a token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../src/localHost/server.js';
import { ensureAuthEmulator, postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { freePort } from '../../../scripts/lib/freePort.mjs';

export interface RunningHost {
  url: string;
  child: ChildProcess;
  /** Every line the host logged. */
  lines: string[];
  /** Resolves at the first line from now on that passes the test. */
  nextLine(test: (line: string) => boolean): Promise<string>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the host's own orderly shutdown. */
  stop(): Promise<void>;
}

export interface HostWorld {
  dataDir: string;
  port: number;
  /** An emulator with nothing in it, then the host on the data folder; the last pair is stopped first. */
  start(): Promise<RunningHost>;
  close(): Promise<void>;
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** One data folder and one port for every start, as `npm start` keeps them on a machine. */
export async function hostWorld(dataDir: string): Promise<HostWorld> {
  const port = await freePort();
  let emulator: { stop(): Promise<void> } | null = null;
  let host: RunningHost | null = null;

  async function startHost(emulatorHost: string): Promise<RunningHost> {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'functions/dist/localHost/main.js')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        FLIPSTAGE_DATA_DIR: dataDir,
        FLIPSTAGE_SEED: 'false',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const watchers = new Set<(line: string) => void>();
    const exited = exitOf(child);
    await new Promise<void>((resolve, reject) => {
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => {
          lines.push(line);
          for (const watch of watchers) watch(line);
          if (line.includes('"message":"local host ready"')) resolve();
        });
      }
      void exited.then(() => reject(new Error(`The local host exited before it was ready:\n${lines.join('\n')}`)));
    });
    return {
      url: `http://127.0.0.1:${port}`,
      child,
      lines,
      nextLine(test) {
        return new Promise((resolve) => {
          const watch = (line: string) => {
            if (!test(line)) return;
            watchers.delete(watch);
            resolve(line);
          };
          watchers.add(watch);
        });
      },
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        child.kill('SIGTERM');
        await exited;
      },
    };
  }

  async function stopAll(): Promise<void> {
    if (host && host.child.exitCode === null && host.child.signalCode === null) await host.stop();
    await emulator?.stop();
    host = null;
    emulator = null;
  }

  return {
    dataDir,
    port,
    async start() {
      await stopAll();
      const started = await ensureAuthEmulator({ host: `127.0.0.1:${await freePort()}` });
      emulator = started;
      host = await startHost(started.host);
      return host;
    },
    close: stopAll,
  };
}

export interface Session {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

const identityToolkit = (host: RunningHost, method: string) =>
  `${host.url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`;

async function session(host: RunningHost, method: string, email: string, password: string): Promise<Session> {
  const answer = await postEmulatorJson(identityToolkit(host, method), { email, password, returnSecureToken: true });
  if (answer.status !== 200) throw new Error(`${method} for ${email}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return { uid: answer.json.localId, email, password, idToken: answer.json.idToken };
}

export const signUp = (host: RunningHost, email: string, password: string) => session(host, 'signUp', email, password);
export const signIn = (host: RunningHost, email: string, password: string) =>
  session(host, 'signInWithPassword', email, password);

export function api(host: RunningHost, user: Session, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${user.idToken}`);
  return fetch(`${host.url}/api${path}`, { ...init, headers });
}
