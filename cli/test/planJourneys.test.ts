/**
 * Issue 16's journeys: what a run stages is decided by content, options, manifests, folder names
 * and --max-credits. The built binary against the real local host and the Auth emulator.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pricingUrl } from '../src/siteUrl.js';
import {
  creditsOf,
  flipstage,
  removeTempDirs,
  signedInUser,
  stagedLooks,
  tempDir,
  type TestUser,
} from './cliHarness.js';
import { samplePhotos, withComment, writePhotos } from './photos.js';

const workspace = () => tempDir('flipstage-cli-plan-');

afterAll(removeTempDirs);

async function stagedOutputs(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.staged.jpg')).sort();
}

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

  it('stages a photo with the piece its manifest marks in pixels, sent as fractions of the photo', async () => {
    const cwd = await workspace();
    await mkdir(join(cwd, 'photos'));
    await writePhotos(join(cwd, 'photos'), 1, 'marked');
    // The first sample photo is 1200×900.
    await writeFile(join(cwd, 'manifest.csv'), 'file,box\nphotos/photo-01.jpg,"120,90,960,720 px"\n');
    const user = await signedInUser(cwd);
    const run = await stage(user, cwd, '--manifest', 'manifest.csv');
    expect(run.code).toBe(0);
    expect(await creditsOf(user)).toBe(9);
    const report = JSON.parse(await readFile(join(cwd, 'staged', 'flipstage-report.json'), 'utf8'));
    expect(report.runs[0].sheet[0].options.subject).toEqual({ kind: 'box', x: 0.1, y: 0.1, width: 0.8, height: 0.8 });
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
