/**
 * Local mode's accounts kept in the data folder (`<dataDir>/auth/`, the emulator's own export
 * format), because the Auth emulator holds them in memory only. At start the kept accounts go back
 * into the emulator, before the host answers anyone. After that the folder follows the emulator:
 * the auth proxy saves after every sign-up, sign-in and account change before it answers, and a
 * short interval catches changes made on the emulator's own port. Both write the whole file and
 * rename it into place, so a crash leaves the last complete save.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../adapters/local/atomicFile.js';
import { logs, type Logger } from '../logs.js';
import {
  exportAccounts,
  exportConfig,
  importAccounts,
  importConfig,
  type AccountsExport,
  type EmulatorAccount,
} from './emulatorAccounts.js';
import { DataFolderFault } from './dataFolderFault.js';

export const ACCOUNTS_FILE = 'accounts.json';
export const CONFIG_FILE = 'config.json';
const SAVE_INTERVAL_MS = 2_000;

export interface KeptAccounts {
  /** Resolves once every account change made before the call is in the folder. */
  save(): Promise<void>;
  /** Stops the interval after a last save. */
  close(): Promise<void>;
}

export interface KeepAccountsOptions {
  /** The folder: `<dataDir>/auth`. */
  dir: string;
  emulatorHost: string;
  logger: Logger;
  intervalMs?: number;
}

async function readKept(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function damaged(file: string, why: string): DataFolderFault {
  return new DataFolderFault(
    `The kept accounts in ${file} cannot be read (${why}). FlipStage did not start, so nothing was changed. ` +
      `Restore the folder from a backup (npm run restore -- FILE), or move that file aside to start without the accounts it held.`,
  );
}

function parseAccounts(file: string, text: string): EmulatorAccount[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw damaged(file, (error as Error).message);
  }
  const users = (parsed as AccountsExport | null)?.users ?? [];
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(users))
    throw damaged(file, 'it is not an accounts export');
  for (const user of users) {
    if (typeof user !== 'object' || user === null || typeof (user as EmulatorAccount).localId !== 'string') {
      throw damaged(file, 'an account in it has no id');
    }
  }
  return users;
}

function parseConfig(file: string, text: string): unknown {
  try {
    const config: unknown = JSON.parse(text);
    if (typeof config === 'object' && config !== null) return config;
  } catch (error) {
    throw damaged(file, (error as Error).message);
  }
  throw damaged(file, 'it is not the emulator settings');
}

export async function keepAccounts(options: KeepAccountsOptions): Promise<KeptAccounts> {
  const { dir, emulatorHost, logger } = options;
  const accountsFile = join(dir, ACCOUNTS_FILE);
  const configFile = join(dir, CONFIG_FILE);
  const [accountsText, configText] = await Promise.all([readKept(accountsFile), readKept(configFile)]);
  const kept = accountsText === null ? [] : parseAccounts(accountsFile, accountsText);
  const config = configText === null ? null : parseConfig(configFile, configText);

  if (config !== null) await importConfig(emulatorHost, config);
  // An emulator that outlived the host (a crash of the host alone) still has the newest accounts.
  const present = new Set(((await exportAccounts(emulatorHost)).users ?? []).map((user) => user.localId));
  const missing = kept.filter((user) => !present.has(user.localId));
  const refused = await importAccounts(emulatorHost, missing);
  for (const { account, reason } of refused) {
    logs.accountNotRestored(logger, { uid: account.localId, email: account.email ?? null, reason, file: accountsFile });
  }
  if (kept.length > 0) {
    logs.accountsRestored(logger, {
      restored: missing.length - refused.length,
      alreadyThere: kept.length - missing.length,
      file: accountsFile,
    });
  }
  // Accounts the emulator refused stay in the file, so a later start can restore them.
  const held = refused.map(({ account }) => account);

  const written = { accounts: accountsText, config: configText };
  async function writeNow(): Promise<void> {
    const [accounts, settings] = await Promise.all([exportAccounts(emulatorHost), exportConfig(emulatorHost)]);
    const users = accounts.users ?? [];
    const ids = new Set(users.map((user) => user.localId));
    const text = `${JSON.stringify({ ...accounts, users: [...users, ...held.filter((user) => !ids.has(user.localId))] })}\n`;
    const configJson = `${JSON.stringify(settings)}\n`;
    if (configJson !== written.config) {
      await writeFileAtomically(configFile, configJson, 0o600);
      written.config = configJson;
    }
    if (text !== written.accounts) {
      await writeFileAtomically(accountsFile, text, 0o600);
      written.accounts = text;
    }
  }

  // A save not begun yet covers every change made before it begins, so callers share it.
  let waiting: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  function save(): Promise<void> {
    if (waiting) return waiting;
    const next = previous.then(() => {
      waiting = null;
      return writeNow();
    });
    waiting = next;
    previous = next.catch(() => {});
    return next;
  }

  await save();
  let failing = false;
  const timer = setInterval(() => {
    save().then(
      () => (failing = false),
      (error: unknown) => {
        if (!failing) logs.accountsNotSaved(logger, error);
        failing = true;
      },
    );
  }, options.intervalMs ?? SAVE_INTERVAL_MS);
  timer.unref();

  return {
    save,
    async close() {
      clearInterval(timer);
      await save().catch((error: unknown) => logs.accountsNotSaved(logger, error));
    },
  };
}
