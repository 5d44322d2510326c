import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, initializeAuth, inMemoryPersistence } from 'firebase/auth';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { createFirebaseAuthDriver } from './firebaseAuthDriver';
import type { AuthDriver } from './types';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

const CONTINUE_URL = 'http://127.0.0.1/auth/verify';
let emulator: Awaited<ReturnType<typeof startAuthEmulator>>;
let app: FirebaseApp;
let driver: AuthDriver;
let email: string;

/**
 * The repository's emulator runner, in a Node process of its own: in this jsdom environment Vite
 * rewrites the runner's file URLs. The emulator stops when the runner's stdin closes.
 */
async function startAuthEmulator(): Promise<{ url: string; stop: () => Promise<void> }> {
  const runner = resolve(import.meta.dirname, '../../../scripts/lib/authEmulator.mjs');
  const script = `import { ensureAuthEmulator } from ${JSON.stringify(pathToFileURL(runner).href)};
    const emulator = await ensureAuthEmulator();
    console.log(emulator.url);
    process.stdin.on('end', () => emulator.stop().then(() => process.exit(0)));
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((found, failed) => {
    child.stdout.on('data', (chunk: Buffer) => found(chunk.toString().trim()));
    child.on('exit', (code) => failed(new Error(`The Auth emulator runner ended with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((stopped) => {
      child.on('exit', () => stopped());
      child.stdin.end();
    });
  return { url, stop };
}

beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator.stop());

/** A fresh app and user per test, signed up with a password and not yet confirmed. */
beforeEach(async () => {
  app = initializeApp({ apiKey: 'demo-api-key', projectId: LOCAL_PROJECT_ID }, randomUUID());
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, emulator.url, { disableWarnings: true });
  driver = createFirebaseAuthDriver(auth);
  email = `verify-${randomUUID().slice(0, 12)}@example.com`;
  await driver.signUp(email, 'secret-pass-1', CONTINUE_URL);
});
afterEach(() => deleteApp(app));

/** The confirmation emails the emulator "sent" to this test's address, oldest first. */
async function confirmations(): Promise<OobCode[]> {
  const response = await fetch(`${emulator.url}/emulator/v1/projects/${LOCAL_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
}

async function emailVerifiedClaim(): Promise<unknown> {
  const token = await driver.idToken();
  return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).email_verified;
}

describe('the Firebase auth driver and email confirmation (Auth emulator)', () => {
  it('sends a new confirmation link that continues to the given page', async () => {
    await driver.resendEmailVerification(CONTINUE_URL);
    const sent = await confirmations();
    expect(sent).toHaveLength(2);
    expect(new URL(sent[1]!.oobLink).searchParams.get('continueUrl')).toBe(CONTINUE_URL);
  });

  it('reports an email not yet confirmed', async () => {
    expect(await driver.refreshEmailVerified()).toBe(false);
    expect(await emailVerifiedClaim()).toBe(false);
  });

  it('notices a confirmation made elsewhere and issues a token that says so', async () => {
    // As from the mailbox on another device: the emulator applies the code when the link is opened.
    const [link] = await confirmations();
    await fetch(link!.oobLink, { redirect: 'manual' });
    expect(await emailVerifiedClaim()).toBe(false);
    expect(await driver.refreshEmailVerified()).toBe(true);
    expect(await emailVerifiedClaim()).toBe(true);
  });

  it('issues a token that says email_verified once the link’s code is applied here', async () => {
    const [link] = await confirmations();
    await driver.applyActionCode(link!.oobCode);
    expect(await emailVerifiedClaim()).toBe(true);
  });
});

/** The claims of the session's current ID token. */
async function claims(): Promise<{ user_id: string; email?: string; firebase: { sign_in_provider: string } }> {
  const token = await driver.idToken();
  return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
}

describe('a signed-out visitor signing up (Auth emulator)', () => {
  beforeEach(async () => {
    await driver.signOut();
    await driver.signInVisitor();
  });

  it('starts an anonymous session for the free tries', async () => {
    expect((await claims()).firebase.sign_in_provider).toBe('anonymous');
  });

  it('links that session to the new email: the uid stays, now a password account', async () => {
    const visitor = (await claims()).user_id;
    const outcome = await driver.signUp(
      `linked-${randomUUID().slice(0, 12)}@example.com`,
      'secret-pass-2',
      CONTINUE_URL,
    );
    expect(outcome).toBe('linked');
    expect(await claims()).toMatchObject({ user_id: visitor, firebase: { sign_in_provider: 'password' } });
  });

  it('signs in to the account an email already has when the password opens it, and says so', async () => {
    expect(await driver.signUp(email, 'secret-pass-1', CONTINUE_URL)).toBe('signed-in-existing');
    expect((await claims()).email).toBe(email);
  });

  it('refuses a taken email whose password does not open it', async () => {
    await expect(driver.signUp(email, 'another-pass-9', CONTINUE_URL)).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
    });
  });
});
