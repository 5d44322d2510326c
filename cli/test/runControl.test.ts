/**
 * Issue 16's run control, end to end against the real local host: a quiet run, Ctrl-C mid-run,
 * a server that goes away mid-run, and the report kept across runs.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { silentLogger } from '../../functions/src/logs.js';
import { startLocalHost } from '../../functions/src/localHost/server.js';
import {
  creditsOf,
  flipstage,
  imageEditCount,
  newUser,
  removeTempDirs,
  signedInUser,
  startFlipstage,
  tempDir,
  type CliRun,
  loginArgs,
} from './cliHarness.js';
import { summaryOf } from './events.js';
import { writeCorruptJpeg, writePhotos } from './photos.js';

afterAll(removeTempDirs);

const workspace = () => tempDir('flipstage-cli-run-control-');

async function stagedOutputs(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.staged.jpg')).sort();
}

async function untilFirstOutput(dir: string): Promise<void> {
  while ((await stagedOutputs(dir)).length === 0) await new Promise((r) => setTimeout(r, 25));
}

/** Runs the CLI in the background and collects what it prints until it exits. */
function background(args: string[], options: { configDir: string; cwd: string }) {
  const child = startFlipstage(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

describe('a quiet run', () => {
  it('prints only the failures and the final summary', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 2, 'quiet');
    await writeCorruptJpeg(join(cwd, 'photos', 'broken.jpg'));
    const user = await signedInUser(cwd);
    const run = await flipstage(['stage', 'photos', '--out', 'staged', '--quiet'], { configDir: user.configDir, cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`failed ${join('photos', 'broken.jpg')}: ${MESSAGES.unsupportedImage}\n`);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Staged 2, skipped 0, failed 1 in [\d.]+ s\.$/);
    expect(lines.slice(1)).toEqual([
      'Credits used: 2, left: 8.',
      `Contact sheet: ${join(cwd, 'staged', 'flipstage-report.html')}`,
    ]);
  });
});

describe('Ctrl-C mid-run, then the same command again', () => {
  const photos = 6;
  let cwd: string;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let stopped: CliRun;
  let savedAtStop: string[];
  let creditsAtStop: number;
  let resumed: CliRun;
  const args = ['stage', 'photos', '--out', 'staged', '--concurrency', '2'];

  it('stops starting photos, saves the ones in flight and exits 130', async () => {
    cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), photos, 'ctrl-c');
    user = await signedInUser(cwd);
    const run = background(args, { configDir: user.configDir, cwd });
    await untilFirstOutput(join(cwd, 'staged'));
    run.child.kill('SIGINT');
    stopped = await run.done;
    savedAtStop = await stagedOutputs(join(cwd, 'staged'));
    creditsAtStop = await creditsOf(user);

    expect(stopped.code).toBe(130);
    expect(stopped.stderr.trimEnd().endsWith('Run the same command again to continue.')).toBe(true);
    expect(savedAtStop.length).toBeLessThan(photos);
  });

  it('charged exactly the photos it saved', async () => {
    expect(10 - creditsAtStop).toBe(savedAtStop.length);
    expect(stopped.stdout).toContain(`Credits used: ${savedAtStop.length}, left: ${creditsAtStop}.`);
  });

  it('continues where it stopped when run again, charging each photo once', async () => {
    resumed = await flipstage(args, { configDir: user.configDir, cwd });
    expect(resumed.code).toBe(0);
    expect(await stagedOutputs(join(cwd, 'staged'))).toHaveLength(photos);
    expect(await creditsOf(user)).toBe(10 - photos);
    expect(await imageEditCount(user)).toBe(photos);
  });

  it('keeps both runs in the report, newest first', async () => {
    const report = JSON.parse(await readFile(join(cwd, 'staged', 'flipstage-report.json'), 'utf8'));
    expect(report.runs.map((run: { stopped: string | null }) => run.stopped)).toEqual([null, 'interrupted']);
    expect(report.runs[0].staged).toHaveLength(photos - savedAtStop.length);
    expect(report.runs[1].staged).toHaveLength(savedAtStop.length);
    const html = await readFile(join(cwd, 'staged', 'flipstage-report.html'), 'utf8');
    expect(html.match(/<section class="run">/g)).toHaveLength(2);
  });
});

describe('a server that is not running', () => {
  it('exits 5 before spending anything, with one JSON error line that says what to check', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 1, 'no-server');
    const user = await signedInUser(cwd);
    const run = await flipstage(['stage', 'photos', '--out', 'staged', '--json'], {
      configDir: user.configDir,
      cwd,
      env: { FLIPSTAGE_API: 'http://127.0.0.1:1/api' },
    });
    expect(run.code).toBe(5);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const { error } = JSON.parse(lines[0] as string) as { error: { message: string; exitCode: number } };
    expect(error.exitCode).toBe(5);
    expect(error.message).toContain('Could not reach http://127.0.0.1:1');
    expect(error.message).toContain('FLIPSTAGE_API');
    expect(await creditsOf(user)).toBe(10);
  });
});

describe('the server going away mid-run', () => {
  const dataDirs: string[] = [];
  // The closed host's last staging may still be writing its blob while the folder goes (ENOTEMPTY).
  afterAll(() =>
    Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }))),
  );

  it('stops after three lost connections, writes the report, says what to check and exits 5', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipstage-cli-doomed-host-'));
    dataDirs.push(dataDir);
    const authEmulatorHost = inject('authEmulatorHost');
    const host = await startLocalHost({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      authEmulatorHost,
      seed: false,
      logger: silentLogger,
    });
    const apiUrl = `${host.url}/api`;
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 8, 'doomed');
    const user = await newUser();
    const login = await flipstage(loginArgs(user, apiUrl), { configDir: user.configDir, cwd });
    expect(login.code).toBe(0);

    const run = background(['stage', 'photos', '--out', 'staged', '--concurrency', '1', '--json'], {
      configDir: user.configDir,
      cwd,
    });
    await untilFirstOutput(join(cwd, 'staged'));
    await host.close();
    const result = await run.done;

    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`the FlipStage server at ${apiUrl} stopped answering`);
    expect(result.stderr).toContain('FLIPSTAGE_API');
    const summary = summaryOf(result.stdout);
    expect(summary).toMatchObject({ stopped: 'unreachable', exitCode: 5 });
    expect(summary.failed.length).toBeGreaterThanOrEqual(3);
    expect(summary.staged.length + summary.failed.length + summary.notStarted.length).toBe(8);
    expect(summary.creditsUsed).toBe(summary.staged.length);
    const report = JSON.parse(await readFile(join(cwd, 'staged', 'flipstage-report.json'), 'utf8'));
    expect(report.runs[0].stopped).toBe('unreachable');
  });
});
