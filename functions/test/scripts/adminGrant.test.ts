/**
 * `npm run admin:grant` in local mode (issue 40): it sets the moderator claim on the running local
 * mode's Auth emulator, keeps the account's other claims, takes the role away with --revoke, says
 * so when no account has the email, and the role survives a restart in the kept accounts.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { silentLogger } from '../../src/logs.js';
import { keepAccounts } from '../../src/localHost/keptAccounts.js';
import { REPO_ROOT } from '../../src/localHost/server.js';
import { AUTH_EMULATOR_HOST, signUpTestUser } from '../helpers/emulatorUsers.js';

const admin = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `admin-grant-${randomUUID()}`));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The script as `npm run admin:grant -- …` runs it, against this run's emulator. */
function grant(...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'scripts/admin-grant.ts'), ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST },
    },
  );
}

const claimsOf = async (uid: string) => (await admin.getUser(uid)).customClaims ?? {};

describe('npm run admin:grant in local mode', () => {
  it('makes the account with that email a moderator, keeping its other claims', async () => {
    const user = await signUpTestUser();
    await admin.setCustomUserClaims(user.uid, { beta: true });
    const { stdout } = await grant('--email', user.email);
    expect(stdout).toContain(`${user.email} (${user.uid}) is now a moderator on local mode`);
    expect(await claimsOf(user.uid)).toEqual({ beta: true, moderator: true });
  });

  it('takes the role away with --revoke', async () => {
    const user = await signUpTestUser();
    await grant('--email', user.email, '--project', LOCAL_PROJECT_ID);
    await grant('--email', user.email, '--revoke');
    expect(await claimsOf(user.uid)).toEqual({});
  });

  it('says so, and fails, when no account has the email', async () => {
    const email = `nobody-${randomUUID()}@example.com`;
    await expect(grant('--email', email)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `No account on local mode (the Auth emulator at ${AUTH_EMULATOR_HOST}) has the email ${email}`,
      ),
    });
  });

  it('leaves a role that local mode keeps across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flipstage-kept-moderator-'));
    dirs.push(dir);
    const user = await signUpTestUser();
    await grant('--email', user.email);
    const running = await keepAccounts({ dir, emulatorHost: AUTH_EMULATOR_HOST, logger: silentLogger });
    await running.close();
    await admin.deleteUser(user.uid);
    const restarted = await keepAccounts({ dir, emulatorHost: AUTH_EMULATOR_HOST, logger: silentLogger });
    await restarted.close();
    expect(await claimsOf(user.uid)).toEqual({ moderator: true });
  });
});
