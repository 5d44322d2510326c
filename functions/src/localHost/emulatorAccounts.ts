/**
 * The Auth emulator's accounts as its own export and import move them (firebase-tools'
 * hubExport.exportAuth and AuthEmulator.importData): the accounts are the body of
 * `accounts:batchGet`, put back with `accounts:batchCreate`; the project's sign-in settings go
 * out and back through `/emulator/v1/projects/{id}/config`. Keeping the same shapes means a kept
 * folder also works with the emulator's own `--import`.
 */
import { request } from 'node:http';
import { LOCAL_PROJECT_ID } from '@flipstage/core';

/** One account as the emulator exports it; only the fields FlipStage reads are named. */
export interface EmulatorAccount {
  localId: string;
  email?: string;
  displayName?: string;
  passwordHash?: string;
  providerUserInfo?: Array<{ providerId: string; rawId?: string }>;
  [field: string]: unknown;
}

/** What `accounts:batchGet` answers (no `users` at all when there are none). */
export interface AccountsExport {
  kind?: string;
  users?: EmulatorAccount[];
}

const OWNER = { authorization: 'Bearer owner' };
const accountsPath = `/identitytoolkit.googleapis.com/v1/projects/${LOCAL_PROJECT_ID}/accounts`;
const configPath = `/emulator/v1/projects/${LOCAL_PROJECT_ID}/config`;

export class EmulatorUnavailable extends Error {
  constructor(host: string, cause: string) {
    super(`The Auth emulator at ${host} did not answer (${cause})`);
    this.name = 'EmulatorUnavailable';
  }
}

/**
 * One JSON exchange on a connection of its own: the emulator drops idle keep-alive sockets, and a
 * request sent on one fails instead of retrying (scripts/lib/authEmulator.mjs says the same).
 */
function exchange(
  host: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      ...OWNER,
      ...(payload === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    };
    const req = request(`http://${host}${path}`, { method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} });
        } catch {
          reject(new EmulatorUnavailable(host, `it answered ${res.statusCode} with ${text.slice(0, 120)}`));
        }
      });
      res.on('error', (error) => reject(new EmulatorUnavailable(host, error.message)));
    });
    req.on('error', (error) => reject(new EmulatorUnavailable(host, error.message)));
    req.end(payload);
  });
}

function expectOk(host: string, what: string, answer: { status: number; json: unknown }): unknown {
  if (answer.status !== 200) {
    throw new EmulatorUnavailable(
      host,
      `${what} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`,
    );
  }
  return answer.json;
}

export async function exportAccounts(host: string): Promise<AccountsExport> {
  return expectOk(
    host,
    'batchGet',
    await exchange(host, 'GET', `${accountsPath}:batchGet?maxResults=-1`),
  ) as AccountsExport;
}

export async function exportConfig(host: string): Promise<unknown> {
  return expectOk(host, 'config', await exchange(host, 'GET', configPath));
}

export async function importConfig(host: string, config: unknown): Promise<void> {
  expectOk(host, 'config', await exchange(host, 'PATCH', configPath, config));
}

/** Creates the accounts as given (ids, password hashes, providers); answers the ones refused and why. */
export async function importAccounts(
  host: string,
  users: readonly EmulatorAccount[],
): Promise<Array<{ account: EmulatorAccount; reason: string }>> {
  if (users.length === 0) return [];
  const answer = expectOk(
    host,
    'batchCreate',
    await exchange(host, 'POST', `${accountsPath}:batchCreate`, { users }),
  ) as {
    error?: Array<{ index: number; message: string }>;
  };
  return (answer.error ?? []).flatMap(({ index, message }) => {
    const account = users[index];
    return account ? [{ account, reason: message }] : [];
  });
}
