/**
 * Issue 7's journeys, end to end: the built binary against the real local host, the real
 * staging engine and the Auth emulator (started by globalSetup).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
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
  stagedLooks,
  startFlipstage,
  tempDir,
  type CliRun,
  type TestUser,
} from './cliHarness.js';
import { parseEvents, summaryOf, type Summary } from './events.js';
import { REPO_ROOT } from './paths.js';
import { samplePhotos, withComment, writeCorruptJpeg, writePhotos } from './photos.js';

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

describe('the plan of a run: content, options, per-photo types and a budget', () => {
  const stage = (user: TestUser, cwd: string, ...args: string[]) =>
    flipstage(['stage', 'photos', '--out', 'staged', ...args], { configDir: user.configDir, cwd });

  it('stages a re-shot photo saved under the same name again, and only that one', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 2, 'reshot');
    const user = await signedInUser(cwd);
    expect((await stage(user, cwd, '--style', 'farmhouse')).code).toBe(0);
    const before = await readFile(join(cwd, 'staged', 'photo-01.staged.jpg'));

    const [, other] = await samplePhotos();
    await writeFile(join(cwd, 'photos', 'photo-01.jpg'), withComment(await readFile(other as string), 'new shot'));
    const again = await stage(user, cwd, '--style', 'farmhouse');

    expect(again.code).toBe(0);
    expect(await creditsOf(user)).toBe(7);
    expect(await readFile(join(cwd, 'staged', 'photo-01.staged.jpg'))).not.toEqual(before);
  });

  it('stages every photo again when the style changes, and side by side with --name', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 2, 'restyle');
    const user = await signedInUser(cwd);
    expect((await stage(user, cwd, '--style', 'farmhouse')).code).toBe(0);
    expect((await stage(user, cwd, '--style', 'coastal', '--name', '{name}.{style}.staged')).code).toBe(0);

    expect(await creditsOf(user)).toBe(6);
    expect((await readdir(join(cwd, 'staged'))).filter((name) => name.endsWith('.jpg')).sort()).toEqual([
      'photo-01.coastal.staged.jpg',
      'photo-01.staged.jpg',
      'photo-02.coastal.staged.jpg',
      'photo-02.staged.jpg',
    ]);
    expect(await stagedLooks(user)).toEqual([
      'dresser coastal',
      'dresser coastal',
      'dresser farmhouse',
      'dresser farmhouse',
    ]);
  });

  it('refuses a --name template without {name}: exit 2, nothing spent', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 1, 'badname');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--name', '{style}.staged');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--name "{style}.staged" must contain {name}');
    expect(await creditsOf(user)).toBe(10);
  });

  it('gives each photo the type and style its manifest names', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 2, 'manifest');
    await writeFile(
      join(cwd, 'manifest.csv'),
      'file,type,style\nphotos/photo-01.jpg,sofa,coastal\nphotos/photo-02.jpg,bed,\n',
    );
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--manifest', 'manifest.csv', '--style', 'industrial');
    expect(run.code).toBe(0);
    expect(await stagedLooks(user)).toEqual(['bed industrial', 'sofa coastal']);
    const report = JSON.parse(await readFile(join(cwd, 'staged', 'flipstage-report.json'), 'utf8'));
    expect(
      report.runs[0].sheet.map((entry: { options: { furnitureType: string } }) => entry.options.furnitureType),
    ).toEqual(['sofa', 'bed']);
  });

  it('refuses a manifest with an unknown type, naming the line: exit 2, nothing spent', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 1, 'badmanifest');
    await writeFile(join(cwd, 'manifest.csv'), 'file,type\nphotos/photo-01.jpg,throne\n');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--manifest', 'manifest.csv');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('manifest.csv line 2: unknown type "throne"');
    expect(await creditsOf(user)).toBe(10);
  });

  it('takes the type from folder names, and --type for the rest', async () => {
    const cwd = await workspace();
    for (const folder of ['sofas', 'beds']) await mkdir(join(cwd, 'photos', folder), { recursive: true });
    await writePhotos(join(cwd, 'photos', 'sofas'), 1, 'folder-sofa');
    await writePhotos(join(cwd, 'photos', 'beds'), 1, 'folder-bed');
    await writePhotos(join(cwd, 'photos'), 1, 'folder-rest');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--recursive', '--type', 'desk', '--style', 'modern');
    expect(run.code).toBe(0);
    expect(await stagedLooks(user)).toEqual(['bed modern', 'desk modern', 'sofa modern']);
  });

  it('with --max-credits, stages N photos in path order and says how many are left and where to buy more', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 3, 'budget');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--max-credits', '2');

    expect(run.code).toBe(0);
    expect(await stagedOutputs(join(cwd, 'staged'))).toEqual(['photo-01.staged.jpg', 'photo-02.staged.jpg']);
    expect(await creditsOf(user)).toBe(8);
    expect(run.stdout).toContain(
      `1 photo is left for a later run (run the same command again). More credits: ${pricingUrl(inject('apiUrl'), {})}`,
    );

    const dry = await stage(user, cwd, '--dry-run');
    expect(dry.stdout).toContain(
      `${join('photos', 'photo-01.jpg')} -> photo-01.staged.jpg  dresser, modern  skip (done)`,
    );
    expect(dry.stdout).toContain(`${join('photos', 'photo-03.jpg')} -> photo-03.staged.jpg  dresser, modern  stage`);
    expect(dry.stdout).toContain('Would stage 1 image');
    expect(await creditsOf(user)).toBe(8);

    const scripted = await stage(user, cwd, '--max-credits', '0', '--json');
    const lines = scripted.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ event: 'summary', leftForLater: 1 });

    const held = await stage(user, cwd, '--max-credits', '0');
    expect(held.stdout).toContain('1 photo is left for a later run');
    expect(held.stdout).not.toContain('All images have already been processed.');
  });

  it('refuses one photo too many with a singular "1 credit": exit 4', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 11, 'plural');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--yes');
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('You need 11 credits to stage these 11 photos. You currently have 10 credits.');
    expect(run.stderr).toContain('Add --max-credits 10');
  });
});
