/**
 * Issue 7's journeys, end to end: the built binary against the real local host, the real
 * staging engine and the Auth emulator (started by globalSetup).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { shortfallMessage } from '../src/stage/budget.js';
import { pricingUrl } from '../src/siteUrl.js';
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
  type TestUser,
} from './cliHarness.js';
import { parseEvents, summaryOf, type Summary } from './events.js';
import { REPO_ROOT } from './paths.js';
import { writeCorruptJpeg, writePhotos } from './photos.js';

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const workspace = () => tempDir('flipstage-cli-journey-');

afterAll(removeTempDirs);

async function stagedOutputs(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.staged.jpg')).sort();
}

describe('staging a folder with photos, a text file and a corrupt JPEG', () => {
  let cwd: string;
  let user: TestUser;
  let first: CliRun;
  let summary: Summary;

  beforeAll(async () => {
    cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 3, 'journey');
    await cp(join(REPO_ROOT, 'docs', 'cli.md'), join(cwd, 'photos', 'notes.txt'));
    await writeCorruptJpeg(join(cwd, 'photos', 'broken.jpg'));
    user = await signedInUser(cwd);
    first = await flipstage(
      ['stage', 'photos', '--out', 'staged', '--style', 'farmhouse', '--type', 'dresser', '--json'],
      {
        configDir: user.configDir,
        cwd,
      },
    );
    summary = summaryOf(first.stdout);
  }, 180_000);

  it('prints one JSON event per line as it happens, the summary last', () => {
    const events = parseEvents(first.stdout);
    expect(events.filter((e) => e.event === 'staged')).toHaveLength(3);
    expect(events.filter((e) => e.event === 'skipped')).toEqual([
      { event: 'skipped', file: join('photos', 'notes.txt'), reason: 'not an image' },
    ]);
    expect(events.find((e) => e.event === 'staged')).toMatchObject({ credits: 1, editId: expect.any(String) });
    expect(events.at(-1)).toMatchObject({ event: 'summary', exitCode: 1 });
  });

  it('stages every photo as a JPEG named <name>.staged.jpg', async () => {
    expect(summary.staged.map((s) => s.output).sort()).toEqual([
      'photo-01.staged.jpg',
      'photo-02.staged.jpg',
      'photo-03.staged.jpg',
    ]);
    for (const name of await stagedOutputs(join(cwd, 'staged'))) {
      expect(isJpeg(await readFile(join(cwd, 'staged', name)))).toBe(true);
    }
    expect(await stagedOutputs(join(cwd, 'staged'))).toHaveLength(3);
  });

  it('lists the text file as skipped', () => {
    expect(summary.skipped).toEqual([{ file: join('photos', 'notes.txt'), reason: 'not an image' }]);
  });

  it("counts the corrupt JPEG as failed with the server's reason, and exits 1", () => {
    expect(summary.failed).toEqual([{ file: join('photos', 'broken.jpg'), reason: MESSAGES.unsupportedImage }]);
    expect(first.code).toBe(1);
  });

  it('spends one credit per staged image', async () => {
    expect(summary.creditsUsed).toBe(3);
    expect(summary.creditsLeft).toBe(7);
    expect(await creditsOf(user)).toBe(7);
  });

  it('writes the contact sheet and the JSON report beside the images', async () => {
    const html = await readFile(join(cwd, 'staged', 'flipstage-report.html'), 'utf8');
    expect(html).toContain('<img src="photo-01.staged.jpg"');
    expect(html).not.toContain('../photos/');
    const report = JSON.parse(await readFile(join(cwd, 'staged', 'flipstage-report.json'), 'utf8'));
    expect(report.runs[0].staged).toHaveLength(3);
  });

  it('stages nothing and spends nothing when run again', async () => {
    const again = await flipstage(
      ['stage', 'photos', '--out', 'staged', '--style', 'farmhouse', '--type', 'dresser', '--json'],
      {
        configDir: user.configDir,
        cwd,
      },
    );
    const second = summaryOf(again.stdout);
    expect(second.staged).toEqual([]);
    expect(second.skipped.filter((s) => s.reason.startsWith('already staged'))).toHaveLength(3);
    expect(second.creditsUsed).toBe(0);
    expect(await creditsOf(user)).toBe(7);
    expect(await imageEditCount(user)).toBe(3);
  });

  it('refuses a folder that needs more credits than are left: exit 4, nothing spent', async () => {
    await mkdir(join(cwd, 'big-lot'));
    await writePhotos(join(cwd, 'big-lot'), 8, 'too-many');
    const run = await flipstage(['stage', 'big-lot', '--out', 'big-lot-staged'], { configDir: user.configDir, cwd });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(shortfallMessage(8, 7, pricingUrl(inject('apiUrl'), {})));
    expect(await creditsOf(user)).toBe(7);
    expect(await stagedOutputs(join(cwd, 'big-lot-staged'))).toEqual([]);
  });
});

describe('a dry run', () => {
  it('lists what would be staged and its cost, and spends nothing', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 2, 'dry');
    const user = await signedInUser(cwd);
    const run = await flipstage(['stage', 'photos', '--out', 'staged', '--dry-run'], {
      configDir: user.configDir,
      cwd,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Would stage 2 images');
    expect(run.stdout).toContain(`${join('photos', 'photo-01.jpg')} -> photo-01.staged.jpg`);
    expect(await creditsOf(user)).toBe(10);
    expect(await stat(join(cwd, 'staged')).catch(() => null)).toBeNull();
  });
});

describe('asking for HD without an HD plan', () => {
  it('exits 2 with the reason and spends nothing', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 1, 'hd');
    const user = await signedInUser(cwd);
    const run = await flipstage(['stage', 'photos', '--out', 'staged', '--hd'], { configDir: user.configDir, cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(MESSAGES.hdNeedsPlan);
    expect(await creditsOf(user)).toBe(10);
  });
});

describe('a run killed mid-batch and resumed later', () => {
  it('charges each image exactly once', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 4, 'killed');
    const user = await signedInUser(cwd);
    const args = ['stage', 'photos', '--out', 'staged', '--concurrency', '1'];

    const doomed = startFlipstage(args, { configDir: user.configDir, cwd });
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    while ((await stagedOutputs(join(cwd, 'staged'))).length === 0) await new Promise((r) => setTimeout(r, 25));
    doomed.kill('SIGKILL');
    await exited;
    const beforeResume = await stagedOutputs(join(cwd, 'staged'));
    expect(beforeResume.length).toBeLessThan(4);

    const resumed = await flipstage(args, { configDir: user.configDir, cwd });
    expect(resumed.code).toBe(0);
    expect(await stagedOutputs(join(cwd, 'staged'))).toHaveLength(4);
    expect(await creditsOf(user)).toBe(6);
    expect(await imageEditCount(user)).toBe(4);
  });
});

describe('the account commands', () => {
  it('signs in from the environment, shows email, plan and credits, and signs out', async () => {
    const cwd = await workspace();
    const user = await newUser();
    const env = { FLIPSTAGE_EMAIL: user.email, FLIPSTAGE_PASSWORD: user.password };
    const login = await flipstage(['login', '--api', inject('apiUrl'), '--auth-emulator', inject('authEmulatorHost')], {
      configDir: user.configDir,
      cwd,
      env,
    });
    expect(login.code).toBe(0);
    const configFile = await stat(join(user.configDir, 'config.json'));
    expect(configFile.mode & 0o777).toBe(0o600);

    const whoami = await flipstage(['whoami'], { configDir: user.configDir, cwd });
    expect(whoami.stdout).toBe(`${user.email}\nPlan: No plan (free credits)\nCredits: 10\n`);

    expect((await flipstage(['logout'], { configDir: user.configDir, cwd })).code).toBe(0);
    const afterLogout = await flipstage(['whoami'], { configDir: user.configDir, cwd });
    expect(afterLogout.code).toBe(3);
    expect(afterLogout.stderr).toContain('You are not signed in.');
  });

  it('refuses a wrong password with exit 3', async () => {
    const cwd = await workspace();
    const user = await newUser();
    const run = await flipstage(
      [
        'login',
        '--email',
        user.email,
        '--password',
        'wrong',
        '--api',
        inject('apiUrl'),
        '--auth-emulator',
        inject('authEmulatorHost'),
      ],
      { configDir: user.configDir, cwd },
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Wrong email or password.');
  });

  it('exits 2 with the valid values for an unknown style', async () => {
    const cwd = await workspace();
    const run = await flipstage(['stage', '.', '--out', 'x', '--style', 'gothic'], {
      configDir: join(cwd, 'config'),
      cwd,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Valid values: modern, midcentury');
  });

  it('runs as `npx flipstage` from the repository root', async () => {
    const { stdout } = await promisify(execFile)('npx', ['flipstage', '--help'], { cwd: REPO_ROOT });
    expect(stdout).toContain('Usage: flipstage');
  });
});
