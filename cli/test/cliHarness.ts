/** Runs the built `flipstage` binary as a user would, and reads the account back through the API. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ImageEdit, MergedUser } from '@flipstage/core';
import { emulatorSignUp } from './emulatorUsers.js';
import { BIN } from './paths.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface TestUser {
  email: string;
  password: string;
  idToken: string;
  /** FLIPSTAGE_CONFIG_DIR of this user's CLI. */
  configDir: string;
}

const tempDirs: string[] = [];

/** A fresh temporary folder, removed by removeTempDirs(). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** The environment the CLI runs in: its own config folder, no colours, none of the caller's FlipStage settings. */
export function cliEnv(configDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FLIPSTAGE_CONFIG_DIR: configDir, NO_COLOR: '1', ...extra };
  for (const name of ['FLIPSTAGE_EMAIL', 'FLIPSTAGE_PASSWORD', 'FLIPSTAGE_API', 'FIREBASE_AUTH_EMULATOR_HOST']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

export function startFlipstage(
  args: string[],
  options: { configDir: string; cwd: string; env?: NodeJS.ProcessEnv },
): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: cliEnv(options.configDir, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function flipstage(
  args: string[],
  options: { configDir: string; cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CliRun> {
  const child = startFlipstage(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A fresh Auth emulator user (random email) with its own empty CLI config folder. */
export async function newUser(): Promise<TestUser> {
  const email = `cli-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const idToken = await emulatorSignUp(inject('authEmulatorHost'), email, password);
  const configDir = await tempDir('flipstage-cli-config-');
  return { email, password, idToken, configDir };
}

/** `flipstage login` for this user, against the shared test host unless another API is given. */
export function loginArgs(user: TestUser, apiUrl: string = inject('apiUrl')): string[] {
  return [
    'login',
    '--email',
    user.email,
    '--password',
    user.password,
    '--api',
    apiUrl,
    '--auth-emulator',
    inject('authEmulatorHost'),
  ];
}

/** A user signed in through `flipstage login`, whose account (and 10 sign-up credits) now exists. */
export async function signedInUser(cwd: string): Promise<TestUser> {
  const user = await newUser();
  const run = await flipstage(loginArgs(user), { configDir: user.configDir, cwd });
  if (run.code !== 0) throw new Error(`flipstage login failed (${run.code}): ${run.stderr}`);
  return user;
}

async function api<T>(user: TestUser, path: string): Promise<T> {
  const response = await fetch(`${inject('apiUrl')}${path}`, { headers: { authorization: `Bearer ${user.idToken}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function creditsOf(user: TestUser): Promise<number> {
  return (await api<MergedUser>(user, '/account')).creditsRemaining;
}

/** The furniture type and style of each image edit the server recorded for the user, sorted. */
export async function stagedLooks(user: TestUser): Promise<string[]> {
  const page = await api<{ data: ImageEdit[] }>(user, '/image-edits');
  return page.data.map((edit) => `${edit.furniture_type} ${edit.style}`).sort();
}

/** How many image edits the server recorded for the user: one per charged staging. */
export async function imageEditCount(user: TestUser): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { data: unknown[]; nextCursor: string | null } = await api(
      user,
      `/image-edits${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    count += page.data.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}
