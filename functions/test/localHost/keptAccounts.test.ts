/**
 * Local mode's accounts kept in the data folder (issue 39): written before a change is answered,
 * brought back at start, a damaged folder refused in words, and the accounts of a folder made
 * before they were kept made again under their old ids.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID, SIGNUP_CREDITS } from '@flipstage/core';
import { silentLogger } from '../../src/logs.js';
import { openLocalDatabase } from '../../src/adapters/local/database.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { DataFolderFault } from '../../src/localHost/dataFolderFault.js';
import { exportAccounts } from '../../src/localHost/emulatorAccounts.js';
import { keepAccounts } from '../../src/localHost/keptAccounts.js';
import { AUTH_EMULATOR_HOST, signUpTestUser } from '../helpers/emulatorUsers.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';
import { REPO_ROOT } from '../../src/localHost/server.js';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';

const admin = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `kept-accounts-${randomUUID()}`));
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'flipstage-kept-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const toolkit = (origin: string, method: string) =>
  `${origin}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`;
const keptEmails = (dataDir: string) =>
  (
    JSON.parse(readFileSync(join(dataDir, 'auth', 'accounts.json'), 'utf8')) as { users: Array<{ email?: string }> }
  ).users.map((user) => user.email);

describe('an account made through the local host', () => {
  it('is in the data folder by the time its sign-up is answered', async () => {
    const dataDir = folder();
    const host = await startTestLocalHost(dataDir);
    try {
      const email = `kept-${randomUUID()}@example.com`;
      const signUp = await postEmulatorJson(toolkit(host.url, 'signUp'), {
        email,
        password: 'a-good-password',
        returnSecureToken: true,
      });
      expect(signUp.status).toBe(200);
      expect(keptEmails(dataDir)).toContain(email);
    } finally {
      await host.close();
    }
  });

  it('signs in again, with its password, once an emulator that lost it has been given the folder', async () => {
    const dir = folder();
    const user = await signUpTestUser();
    const first = await keepAccounts({ dir, emulatorHost: AUTH_EMULATOR_HOST, logger: silentLogger });
    await first.close();
    await admin.deleteUser(user.uid);

    const again = await keepAccounts({ dir, emulatorHost: AUTH_EMULATOR_HOST, logger: silentLogger });
    await again.close();
    const signIn = await postEmulatorJson(toolkit(`http://${AUTH_EMULATOR_HOST}`, 'signInWithPassword'), {
      email: user.email,
      password: 'correct-horse-battery',
      returnSecureToken: true,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json.localId).toBe(user.uid);
  });
});

describe('a damaged data folder', () => {
  it('is refused at start with what to do, and its accounts file is left as it was', async () => {
    const dataDir = folder();
    mkdirSync(join(dataDir, 'auth'));
    writeFileSync(join(dataDir, 'auth', 'accounts.json'), '{"users": [{"localId": "half-writ');
    const start = startTestLocalHost(dataDir);
    await expect(start).rejects.toBeInstanceOf(DataFolderFault);
    await expect(start).rejects.toThrow(/accounts\.json cannot be read .*npm run restore -- FILE/);
    expect(readFileSync(join(dataDir, 'auth', 'accounts.json'), 'utf8')).toBe('{"users": [{"localId": "half-writ');
  });

  it("stops `npm start`'s host with that message and exit code 2, and no stack trace", async () => {
    const dataDir = folder();
    mkdirSync(join(dataDir, 'auth'));
    writeFileSync(join(dataDir, 'auth', 'accounts.json'), 'not json');
    const run = promisify(execFile)(process.execPath, [join(REPO_ROOT, 'functions/dist/localHost/main.js')], {
      env: { ...process.env, PORT: '0', FLIPSTAGE_DATA_DIR: dataDir, FLIPSTAGE_SEED: 'false' },
    });
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string };
    expect(failure.code).toBe(2);
    expect(failure.stdout).toContain('cannot be read');
    expect(`${failure.stdout}${failure.stderr}`).not.toMatch(/\n\s+at /);
  });

  it('is refused at start when its database cannot be opened', async () => {
    const dataDir = folder();
    await (await openLocalDatabase(join(dataDir, 'db'))).close();
    writeFileSync(join(dataDir, 'db', 'global', 'pg_control'), Buffer.alloc(8192, 7));
    await expect(startTestLocalHost(dataDir)).rejects.toThrow(
      /The database in .* cannot be opened .*npm run restore -- FILE/,
    );
  });
});

describe('a data folder made before accounts were kept', () => {
  it('makes each account of its database again under its old id, with a link to choose a new password', async () => {
    const dataDir = folder();
    const uid = `before-${randomUUID().slice(0, 8)}`;
    const email = `${uid}@example.com`;
    const db = await openLocalDatabase(join(dataDir, 'db'));
    await createPgliteStore(db).ensureAccount(
      uid,
      { name: 'Old Seller', email, avatar: null },
      SIGNUP_CREDITS,
      CREDIT_RULES,
    );
    await db.close();

    const host = await startTestLocalHost(dataDir);
    try {
      const made = (await exportAccounts(AUTH_EMULATOR_HOST)).users?.find((user) => user.localId === uid);
      expect(made).toMatchObject({ email, displayName: 'Old Seller' });
      const [notice] = readdirSync(join(dataDir, 'outbox')).map(
        (name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')) as { to: string; text: string },
      );
      expect(notice?.to).toBe(email);
      const link = new URL(/https?:\/\/\S+/.exec(notice!.text)![0]);
      expect(link.pathname).toBe('/auth/reset-password');

      const reset = await postEmulatorJson(toolkit(host.url, 'resetPassword'), {
        oobCode: link.searchParams.get('oobCode'),
        newPassword: 'chosen-again',
      });
      expect(reset.status).toBe(200);
      const signIn = await postEmulatorJson(toolkit(host.url, 'signInWithPassword'), {
        email,
        password: 'chosen-again',
        returnSecureToken: true,
      });
      expect(signIn.json.localId).toBe(uid);
      const account = await fetch(`${host.url}/api/account`, {
        headers: { authorization: `Bearer ${signIn.json.idToken}` },
      });
      expect(((await account.json()) as { creditsRemaining: number }).creditsRemaining).toBe(SIGNUP_CREDITS);
    } finally {
      await host.close();
    }
  });
});
