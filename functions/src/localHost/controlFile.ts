/**
 * How a script finds the local host that has a data folder open: the host writes
 * `<dataDir>/control.json` (its address on this machine, a random token and its pid; readable by
 * the owner alone) when it starts and removes it when it stops. Any web page can send requests to
 * 127.0.0.1, but none can read this file, so the control routes (control.ts) answer only requests
 * that carry its token.
 */
import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { writeFileAtomically } from '../adapters/local/atomicFile.js';
import { BackupFault } from './backupArchive.js';

export const CONTROL_FILE = 'control.json';
export const CONTROL_ROUTE = '/control';

export interface ControlEntry {
  /** Where the host answers on this machine. */
  url: string;
  token: string;
  pid: number;
  dataDir: string;
}

export interface ControlAnswer {
  status: number;
  json: unknown;
}

/**
 * One JSON exchange with a control route, without a time limit unless given: a backup of a large
 * folder takes as long as it takes. Resolves to null when nothing answers.
 */
export function askControl(
  entry: ControlEntry,
  path: string,
  options: { body?: unknown; timeoutMs?: number } = {},
): Promise<ControlAnswer | null> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = {
      authorization: `Bearer ${entry.token}`,
      ...(payload === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    };
    const req = request(
      `${entry.url}${CONTROL_ROUTE}${path}`,
      { method: payload === undefined ? 'GET' : 'POST', headers, agent: false, timeout: options.timeoutMs ?? 0 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => resolve(null));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = { error: text.slice(0, 200) };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end(payload);
  });
}

export async function writeControlFile(entry: ControlEntry): Promise<void> {
  await writeFileAtomically(join(entry.dataDir, CONTROL_FILE), `${JSON.stringify(entry)}\n`, 0o600);
}

async function readControlFile(dataDir: string): Promise<ControlEntry | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, CONTROL_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const entry = JSON.parse(text) as Partial<ControlEntry>;
    const whole = typeof entry.url === 'string' && typeof entry.token === 'string' && Number.isSafeInteger(entry.pid);
    return whole ? (entry as ControlEntry) : null;
  } catch {
    // The host writes the file whole (atomicFile.ts): one it cannot have written names no host.
    return null;
  }
}

/** Removes the control file if it is still this host's, not one a later host wrote. */
export async function removeControlFile(dataDir: string, token: string): Promise<void> {
  if ((await readControlFile(dataDir))?.token === token) await rm(join(dataDir, CONTROL_FILE), { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The time a busy host is given to answer whether it is there. */
const STATUS_TIMEOUT_MS = 10_000;

/**
 * The host that has dataDir open, or null when none has: no control file, or one left by a host
 * that is gone (its process has ended, or whatever answers at its address now is another). A
 * host whose process is alive but does not answer is neither, and opening its database beside it
 * could damage it, so that is a BackupFault.
 */
export async function findRunningHost(dataDir: string): Promise<ControlEntry | null> {
  const entry = await readControlFile(dataDir);
  if (!entry || !processAlive(entry.pid)) return null;
  const answer = await askControl(entry, '/status', { timeoutMs: STATUS_TIMEOUT_MS });
  // Only the host that wrote the file holds its token: any other answer comes from something else.
  if (answer) return answer.status === 200 ? entry : null;
  const file = join(dataDir, CONTROL_FILE);
  throw new BackupFault(
    `${file} says a FlipStage host (process ${entry.pid}) has this folder open at ${entry.url}, but it does not answer. ` +
      `If that host is stuck, stop it first. If process ${entry.pid} is not FlipStage, delete ${file} and run this again.`,
  );
}
