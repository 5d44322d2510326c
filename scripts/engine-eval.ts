/**
 * `npm run engine:eval [folder]`: how well the engine finds the piece.
 * 1. Mask IoU, worst first, on the drawn fixtures (exact masks) and on every photo in the folder
 *    that has a reference matte beside it (`name.matte.png`); scores below 0.97 are flagged.
 * 2. A contact sheet of every photo in the folder (default functions/test/fixtures/photos/):
 *    input | matte | staged output, captioned with the file name, the method and the staging
 *    time; a refused photo shows the refusal message instead of an output. Photos named
 *    `no-subject-*` are expected to be refused. Writes .local/engine-eval/contact-sheet.png and
 *    one JPEG per row.
 * 3. A page per design style (.local/engine-eval/style-<style>.png): real photos staged as the
 *    furniture type they are closest to, one column per room of the style ("Try another room").
 * 4. The evaluation set of real photographs (functions/test/fixtures/eval/, scripts/lib/evalSet.ts):
 *    box-mode IoU against the hand-drawn truth masks (goal: median ≥ 0.95, each ≥ 0.90), tap-mode
 *    IoU, the automatic mode's picks, and .local/engine-eval/eval-sheet.png (photo | automatic |
 *    marked). `--set-only` runs this part alone.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import {
  DEFAULT_FURNITURE_TYPE,
  DEFAULT_STYLE,
  DESIGN_STYLE_IDS,
  buildAutoPrompt,
  type FurnitureTypeId,
} from '@flipstage/core';
import { StagingError, type Stager } from '../functions/src/ports/stager.js';
import { decodePhoto } from '../functions/src/stagers/engine/decode.js';
import { subjectMatte } from '../functions/src/stagers/engine/matte.js';
import { analyseSubject, GHOST_SHARE } from '../functions/src/stagers/engine/subject.js';
import { createLocalStager } from '../functions/src/stagers/engine/index.js';
import { loadPlates } from '../functions/src/stagers/engine/plates/library.js';
import { renderFixtures, type FurnitureFixture } from '../functions/test/fixtures/furnitureFixtures.js';
import { haloOn, matteIoU, openingsRemoved, type Halo } from './lib/cutoutMetrics.js';
import { evaluateSet } from './lib/evalSet.js';
import { CAPTION_H, GAP, TILE_H, TILE_W, textTile, tile, wrap } from './lib/sheetTiles.js';

const IOU_FLAG_BELOW = 0.97;
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.avif']);
const MATTE_SUFFIX = '.matte.png';
const NO_SUBJECT_PREFIX = 'no-subject-';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const setOnly = args.includes('--set-only');
const folder = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, 'functions/test/fixtures/photos'));
const evalSetFolder = join(root, 'functions/test/fixtures/eval');
const outDir = join(root, '.local/engine-eval');

/** What the engine made of one photo at the photo's size: its matte and method, or the refusal. */
type Cut = { width: number; height: number } & (
  { matte: Uint8Array; method: string; ghost: number; unsure: boolean } | { refusal: StagingError }
);

async function cutOut(bytes: Uint8Array): Promise<Cut> {
  const photo = await decodePhoto(bytes);
  const size = { width: photo.width, height: photo.height };
  try {
    // The preview's analysis: an unsure mask is still measured, and said to be unsure.
    const { subject, unsure, ghostShare } = await analyseSubject(photo);
    return {
      ...size,
      matte: await subjectMatte(photo, subject, photo.width, photo.height),
      method: subject.method,
      ghost: ghostShare,
      unsure,
    };
  } catch (error) {
    if (error instanceof StagingError) return { ...size, refusal: error };
    throw error;
  }
}

interface Score {
  name: string;
  iou: number;
  method: string;
  ghost?: number;
  /** Backdrop pixels seen through the piece's openings, and how many the matte removed (fixtures only). */
  openings?: { openings: number; removed: number };
  /** The halo on a light and a dark wall (fixtures only). */
  halo?: [Halo, Halo];
}

const LIGHT_WALL: [number, number, number] = [245, 245, 242];
const DARK_WALL: [number, number, number] = [30, 32, 36];

function scoreOf(name: string, cut: Cut, truth: Uint8Array): Score {
  if ('refusal' in cut) return { name, iou: 0, method: `refused (${cut.refusal.kind})` };
  return {
    name,
    iou: matteIoU(cut.matte, truth),
    method: `${cut.method}${cut.unsure ? ', UNSURE' : ''}`,
    ghost: cut.ghost,
  };
}

async function scoreFixture(fixture: FurnitureFixture): Promise<Score> {
  const cut = await cutOut(fixture.jpeg);
  const score = scoreOf(`fixture ${fixture.spec.name}`, cut, fixture.mask);
  if ('refusal' in cut) return score;
  const halo: [Halo, Halo] = [
    await haloOn(fixture, cut.matte, LIGHT_WALL),
    await haloOn(fixture, cut.matte, DARK_WALL),
  ];
  return { ...score, openings: openingsRemoved(fixture, cut.matte), halo };
}

async function referenceMask(file: string, width: number, height: number): Promise<Uint8Array> {
  const grey = await sharp(file).greyscale().resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return Uint8Array.from(grey, (v) => (v >= 128 ? 1 : 0));
}

async function photosIn(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((n) => PHOTO_EXTENSIONS.has(extname(n).toLowerCase()) && !n.endsWith(MATTE_SUFFIX)).sort();
}

async function scoreAll(photos: string[]): Promise<Score[]> {
  const scores: Score[] = [];
  for (const fixture of await renderFixtures()) scores.push(await scoreFixture(fixture));
  const names = new Set(await readdir(folder));
  for (const photo of photos) {
    const matteName = `${basename(photo, extname(photo))}${MATTE_SUFFIX}`;
    if (!names.has(matteName)) continue;
    const cut = await cutOut(new Uint8Array(await readFile(join(folder, photo))));
    scores.push(scoreOf(`photo ${photo}`, cut, await referenceMask(join(folder, matteName), cut.width, cut.height)));
  }
  return scores.sort((a, b) => a.iou - b.iou);
}

function printScores(scores: Score[]): void {
  const width = Math.max(...scores.map((s) => s.name.length));
  console.log(`\nMask IoU, worst first (flagged below ${IOU_FLAG_BELOW}):`);
  console.log(`  ${'name'.padEnd(width)}  IoU    openings removed  halo px light/dark (reach)  ghost  method`);
  for (const s of scores) {
    const flag = s.iou < IOU_FLAG_BELOW ? '  ◀ below target' : '';
    const openings =
      s.openings && s.openings.openings > 0
        ? `${((100 * s.openings.removed) / s.openings.openings).toFixed(1)} % of ${s.openings.openings}`
        : '-';
    const halo = s.halo
      ? `${s.halo[0].width.toFixed(2)} / ${s.halo[1].width.toFixed(2)} (${s.halo[0].reach}/${s.halo[1].reach})`
      : '-';
    console.log(
      `  ${s.name.padEnd(width)}  ${s.iou.toFixed(3)}  ${openings.padEnd(16)}  ${halo.padEnd(26)}  ${s.ghost === undefined ? '-    ' : s.ghost.toFixed(3)}  ${s.method}${flag}`,
    );
  }
  const sorted = scores.map((s) => s.iou).sort((a, b) => a - b);
  const flagged = scores.filter((s) => s.iou < IOU_FLAG_BELOW).length;
  console.log(
    `  ${scores.length} masks: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, worst ${sorted[0]!.toFixed(3)}, ${flagged} below ${IOU_FLAG_BELOW}`,
  );
  const withOpenings = scores.filter((s) => s.openings && s.openings.openings > 0);
  const openings = withOpenings.reduce((sum, s) => sum + s.openings!.openings, 0);
  const removed = withOpenings.reduce((sum, s) => sum + s.openings!.removed, 0);
  const worstOpening =
    withOpenings.map((s) => s.openings!.removed / s.openings!.openings).sort((a, b) => a - b)[0] ?? 1;
  console.log(
    `  openings: ${((100 * removed) / Math.max(1, openings)).toFixed(1)} % of ${openings} backdrop pixels seen through ${withOpenings.length} pieces removed (worst piece ${(100 * worstOpening).toFixed(1)} %)`,
  );
  const halos = scores
    .flatMap((s) => s.halo ?? [])
    .map((h) => h.width)
    .sort((a, b) => a - b);
  const reaches = scores
    .flatMap((s) => s.halo ?? [])
    .map((h) => h.reach)
    .sort((a, b) => a - b);
  if (halos.length > 0)
    console.log(
      `  halo width: median ${halos[Math.floor(halos.length / 2)]!.toFixed(2)} px, worst ${halos[halos.length - 1]!.toFixed(2)} px; reach (95th percentile) median ${reaches[Math.floor(reaches.length / 2)]} px, worst ${reaches[reaches.length - 1]} px; ${halos.length} cut-outs on light and dark walls`,
    );
  console.log(
    `  ghost threshold ${GHOST_SHARE} (judged on the model's masks only): ${scores.filter((s) => s.method.includes('UNSURE')).length} masks unsure`,
  );
}

interface Row {
  name: string;
  cells: Buffer[];
  caption: string;
  verdict: string;
}

/** The staged JPEG, or the refusal the engine answers with, timed either way. */
async function stageTimed(
  stager: Stager,
  image: Uint8Array,
): Promise<{ ms: number; jpeg?: Uint8Array; refusal?: StagingError }> {
  const started = performance.now();
  try {
    const out = await stager.stage({
      image,
      prompt: buildAutoPrompt(DEFAULT_STYLE, DEFAULT_FURNITURE_TYPE),
      style: DEFAULT_STYLE,
      furnitureType: DEFAULT_FURNITURE_TYPE,
      mode: 'auto',
      size: 'standard',
      variant: 0,
    });
    return { ms: performance.now() - started, jpeg: out.jpeg };
  } catch (error) {
    if (error instanceof StagingError) return { ms: performance.now() - started, refusal: error };
    throw error;
  }
}

async function stageRow(stager: Stager, photo: string): Promise<Row> {
  const bytes = new Uint8Array(await readFile(join(folder, photo)));
  const cut = await cutOut(bytes);
  const staged = await stageTimed(stager, bytes);
  const method =
    'refusal' in cut
      ? 'no subject found'
      : `${cut.method}, ghost ${cut.ghost.toFixed(3)}${cut.unsure ? ' (unsure)' : ''}`;
  const matte =
    'refusal' in cut
      ? textTile(['no matte'], TILE_W, TILE_H, '#eeeeee')
      : await tile(cut.matte, { width: cut.width, height: cut.height, channels: 1 });
  const output = staged.jpeg
    ? await tile(staged.jpeg)
    : textTile(wrap(`Refused (${staged.refusal!.kind}): ${staged.refusal!.message}`, 38), TILE_W, TILE_H, '#fff4e5');
  const outcome = staged.jpeg ? 'staged' : 'refused';
  const expected = photo.startsWith(NO_SUBJECT_PREFIX) ? 'refused' : 'staged';
  return {
    name: photo,
    cells: [await tile(bytes), matte, output],
    caption: `${photo} — ${method} — ${outcome} in ${staged.ms.toFixed(0)} ms`,
    verdict: outcome === expected ? `${outcome}, as expected` : `${outcome.toUpperCase()}, expected ${expected}`,
  };
}

async function writeSheet(rows: Row[]): Promise<string> {
  const width = 3 * TILE_W + 2 * GAP;
  const rowH = TILE_H + CAPTION_H + GAP;
  const overlays: OverlayOptions[] = [];
  for (const [r, row] of rows.entries()) {
    const top = r * rowH;
    const rowOverlays: OverlayOptions[] = row.cells.map((input, c) => ({ input, left: c * (TILE_W + GAP), top: 0 }));
    rowOverlays.push({ input: textTile([row.caption], width, CAPTION_H, '#ffffff', 14), left: 0, top: TILE_H });
    const rowImage = sharp({
      create: { width, height: TILE_H + CAPTION_H, channels: 3, background: '#ffffff' },
    }).composite(rowOverlays);
    const rowJpeg = await rowImage.jpeg({ quality: 85 }).toBuffer();
    await writeFile(join(outDir, `${basename(row.name, extname(row.name))}.jpg`), rowJpeg);
    overlays.push({ input: rowJpeg, left: 0, top });
  }
  const file = join(outDir, 'contact-sheet.png');
  await sharp({ create: { width, height: Math.max(1, rows.length * rowH), channels: 3, background: '#ffffff' } })
    .composite(overlays)
    .png()
    .toFile(file);
  return file;
}

/** The real photos of the style pages and the type each is staged as: a chair, a big piece, a small one. */
const STYLE_PAGE_PHOTOS: Array<[string, FurnitureTypeId]> = [
  ['boxes-on-chair.jpg', 'chair'],
  ['motorcycle-garage.jpg', 'sofa'],
  ['coffee-cup-table.jpg', 'coffee'],
];

async function writeStylePages(stager: Stager): Promise<void> {
  const plates = await loadPlates();
  for (const style of DESIGN_STYLE_IDS) {
    const rooms = plates.filter((plate) => plate.style === style).length;
    const overlays: OverlayOptions[] = [];
    const width = rooms * TILE_W + (rooms - 1) * GAP;
    for (const [r, [photo, type]] of STYLE_PAGE_PHOTOS.entries()) {
      const image = new Uint8Array(await readFile(join(root, 'functions/test/fixtures/photos', photo)));
      const top = r * (TILE_H + CAPTION_H + GAP);
      for (let variant = 0; variant < rooms; variant++) {
        const staged = await stager
          .stage({
            image,
            prompt: buildAutoPrompt(style, type),
            style,
            furnitureType: type,
            mode: 'auto',
            size: 'standard',
            variant,
          })
          .catch((error: unknown) => {
            if (error instanceof StagingError) return error;
            throw error;
          });
        const input =
          staged instanceof StagingError
            ? textTile(wrap(`Refused (${staged.kind}): ${staged.message}`, 38), TILE_W, TILE_H, '#fff4e5')
            : await tile(staged.jpeg);
        overlays.push({ input, left: variant * (TILE_W + GAP), top });
      }
      overlays.push({
        input: textTile([`${photo} as ${type}, ${style}: rooms 1–${rooms}`], width, CAPTION_H, '#ffffff', 14),
        left: 0,
        top: top + TILE_H,
      });
    }
    const file = join(outDir, `style-${style}.png`);
    const height = STYLE_PAGE_PHOTOS.length * (TILE_H + CAPTION_H + GAP);
    await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite(overlays)
      .png()
      .toFile(file);
    console.log(`wrote ${file}`);
  }
}

await mkdir(outDir, { recursive: true });
const stager = createLocalStager();
if (!setOnly) {
  const photos = await photosIn(folder);
  printScores(await scoreAll(photos));
  const rows: Row[] = [];
  console.log(`\nStaging ${photos.length} photos from ${folder}:`);
  for (const photo of photos) {
    const row = await stageRow(stager, photo);
    rows.push(row);
    console.log(`  ${row.caption}: ${row.verdict}`);
  }
  console.log(`wrote ${await writeSheet(rows)}`);
  await writeStylePages(stager);
}
await evaluateSet(evalSetFolder, stager, outDir);
