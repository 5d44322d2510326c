/**
 * The engine on its evaluation set of real photographs (functions/test/fixtures/eval/, set.json):
 * per photo the automatic mode, the seller's box and the seller's tap, each as the matte
 * (thresholded at 128) at the photo's size, scored by IoU against the hand-drawn truth mask where
 * there is one (name.truth.json). Writes a contact sheet: the photo with its box and tap, the
 * automatic staging, the marked (box) staging.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, buildAutoPrompt, type SubjectHint } from '@flipstage/core';
import { StagingError, type Stager } from '../../functions/src/ports/stager.js';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/stagers/engine/decode.js';
import { subjectMatte } from '../../functions/src/stagers/engine/matte.js';
import { analyseSubject } from '../../functions/src/stagers/engine/subject.js';
import { matteIoU } from './cutoutMetrics.js';
import { refusalTile, rowJpeg, tile, writeRows } from './sheetTiles.js';

export const BOX_MEDIAN_GOAL = 0.95;
export const BOX_EACH_GOAL = 0.9;

type Fractions = { x: number; y: number };
interface Entry {
  file: string;
  description: string;
  tags: string[];
  box: Fractions & { width: number; height: number };
  point: Fractions;
}
/** Polygons of the piece (objects standing on it included) and holes (backdrop seen through it), in pixels of the stored photo. */
interface Truth {
  polygons: Array<Array<[number, number]>>;
  holes?: Array<Array<[number, number]>>;
}

/** One mode's answer: the IoU against the truth (when there is one), how much of the cut lies in the seller's box, or the refusal. */
type Outcome = { iou?: number; inBox: number; method: string; unsure: boolean } | { refusal: StagingError };

interface Result {
  entry: Entry;
  auto: Outcome;
  box: Outcome;
  tap: Outcome;
  /** How the staging went without a mark and with the box: staged, or the refusal's kind (the classifier runs there). */
  staged?: { auto: string; marked: string };
}

/** The truth polygons as a 0/1 mask at the photo's size: each polygon filled (even-odd), the holes cut out of them. */
export async function truthMask(truth: Truth, width: number, height: number): Promise<Uint8Array> {
  const path = (poly: Array<[number, number]>) => `M${poly.map(([x, y]) => `${x},${y}`).join('L')}Z`;
  const fill = (polys: Array<Array<[number, number]>>, colour: string) => polys.map((p) => `<path d="${path(p)}" fill="${colour}" fill-rule="evenodd"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#000"/>${fill(truth.polygons, '#fff')}${fill(truth.holes ?? [], '#000')}</svg>`;
  const grey = await sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' }).greyscale().extractChannel(0).raw().toBuffer();
  return Uint8Array.from(grey, (v) => (v >= 128 ? 1 : 0));
}

/** Share of the cut (matte ≥ 128) inside the seller's box: whether a mode picked the piece the seller means. */
function shareInBox(matte: Uint8Array, width: number, height: number, box: Entry['box']): number {
  const [x0, y0, x1, y1] = [box.x * width, box.y * height, (box.x + box.width) * width, (box.y + box.height) * height];
  let inside = 0;
  let all = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (matte[y * width + x]! < 128) continue;
      all++;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
    }
  return all === 0 ? 0 : inside / all;
}

async function runMode(photo: DecodedPhoto, entry: Entry, truth: Uint8Array | undefined, subject?: SubjectHint): Promise<Outcome> {
  try {
    const analysis = await analyseSubject(photo, subject ? { subject } : {});
    const matte = await subjectMatte(photo, analysis.subject, photo.width, photo.height);
    return {
      ...(truth ? { iou: matteIoU(matte, truth) } : {}),
      inBox: shareInBox(matte, photo.width, photo.height, entry.box),
      method: analysis.subject.method,
      unsure: analysis.unsure,
    };
  } catch (error) {
    if (error instanceof StagingError) return { refusal: error };
    throw error;
  }
}

const boxHint = (entry: Entry): SubjectHint => ({ kind: 'box', ...entry.box });
const pointHint = (entry: Entry): SubjectHint => ({ kind: 'point', ...entry.point });

function describe(outcome: Outcome): string {
  if ('refusal' in outcome) return `refused (${outcome.refusal.kind})`;
  const iou = outcome.iou === undefined ? '  -  ' : outcome.iou.toFixed(3);
  return `${iou} ${(100 * outcome.inBox).toFixed(0).padStart(3)} %${outcome.unsure ? ' unsure' : ''}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
/** Each truth-masked photo's IoU in a mode, a refusal counting 0. */
const ious = (results: Result[], mode: 'auto' | 'box' | 'tap') =>
  results.filter((r) => truthFiles.has(r.entry.file)).map((r) => {
    const o = r[mode];
    return { name: r.entry.file, iou: 'refusal' in o ? 0 : (o.iou ?? 0) };
  });
let truthFiles = new Set<string>();

function printReport(results: Result[]): void {
  const width = Math.max(...results.map((r) => r.entry.file.length));
  console.log(`\nEvaluation set: ${results.length} photos, ${truthFiles.size} truth masks. Per mode: IoU with the truth (- without one), share of the cut inside the seller's box`);
  console.log(`  ${'photo'.padEnd(width)}  ${'box'.padEnd(20)}  ${'tap'.padEnd(20)}  ${'automatic'.padEnd(20)}  staging: automatic / with the box`);
  for (const r of results)
    console.log(`  ${r.entry.file.padEnd(width)}  ${describe(r.box).padEnd(20)}  ${describe(r.tap).padEnd(20)}  ${describe(r.auto).padEnd(20)}  ${r.staged ? `${r.staged.auto} / ${r.staged.marked}` : '-'}${'refusal' in r.auto ? `: ${r.auto.refusal.message}` : ''}`);
  const box = ious(results, 'box');
  const boxMedian = median(box.map((s) => s.iou));
  const below = box.filter((s) => s.iou < BOX_EACH_GOAL);
  const worst = [...box].sort((a, b) => a.iou - b.iou)[0];
  console.log(`  box mode over ${box.length} truth masks (a refusal counts 0): median ${boxMedian.toFixed(3)} (goal ≥ ${BOX_MEDIAN_GOAL}: ${boxMedian >= BOX_MEDIAN_GOAL ? 'PASS' : 'FAIL'}), worst ${worst ? `${worst.iou.toFixed(3)} (${worst.name})` : '-'}; each ≥ ${BOX_EACH_GOAL}: ${below.length === 0 ? 'PASS' : `FAIL, ${below.length} below: ${below.map((s) => `${s.name} ${s.iou.toFixed(3)}`).join(', ')}`}`);
  const tap = ious(results, 'tap');
  const tapWorst = [...tap].sort((a, b) => a.iou - b.iou)[0];
  console.log(`  tap mode: median ${median(tap.map((s) => s.iou)).toFixed(3)}, worst ${tapWorst ? `${tapWorst.iou.toFixed(3)} (${tapWorst.name})` : '-'}`);
  const auto = ious(results, 'auto');
  const refused = results.filter((r) => 'refusal' in r.auto);
  const unsure = results.filter((r) => !('refusal' in r.auto) && r.auto.unsure).length;
  const picked = results.filter((r) => !('refusal' in r.auto) && !r.auto.unsure && r.auto.inBox >= 0.9).length;
  const kinds = [...new Set(refused.map((r) => ('refusal' in r.auto ? r.auto.refusal.kind : '')))].map((k) => `${refused.filter((r) => 'refusal' in r.auto && r.auto.refusal.kind === k).length} ${k}`);
  console.log(`  automatic mode: median IoU ${median(auto.map((s) => s.iou)).toFixed(3)} over ${auto.length} truth masks (refusals 0); ${picked} of ${results.length} picks sure and ≥ 90 % inside the seller's box, ${unsure} unsure, ${refused.length} refused${kinds.length ? ` (${kinds.join(', ')})` : ''}`);
  const tally = (which: 'auto' | 'marked') => {
    const counts = new Map<string, number>();
    for (const r of results) if (r.staged) counts.set(r.staged[which], (counts.get(r.staged[which]) ?? 0) + 1);
    return [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', ');
  };
  console.log(`  staging: without a mark ${tally('auto')}; with the box ${tally('marked')}`);
}

async function stageOutcome(stager: Stager, image: Uint8Array, subject?: SubjectHint): Promise<{ cell: Buffer; outcome: string }> {
  try {
    const out = await stager.stage({ image, prompt: buildAutoPrompt(DEFAULT_STYLE, DEFAULT_FURNITURE_TYPE), style: DEFAULT_STYLE, furnitureType: DEFAULT_FURNITURE_TYPE, mode: 'auto', size: 'standard', variant: 0, subject });
    return { cell: await tile(out.jpeg), outcome: 'staged' };
  } catch (error) {
    if (error instanceof StagingError) return { cell: refusalTile(error.kind, error.message), outcome: `refused (${error.kind})` };
    throw error;
  }
}

/** The photo with the seller's box and tap drawn over it. */
async function markedPhoto(bytes: Uint8Array, photo: DecodedPhoto, entry: Entry): Promise<Buffer> {
  const { width: w, height: h } = photo;
  const stroke = Math.max(2, Math.round(Math.max(w, h) / 200));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${entry.box.x * w}" y="${entry.box.y * h}" width="${entry.box.width * w}" height="${entry.box.height * h}" fill="none" stroke="#e00" stroke-width="${stroke}"/><circle cx="${entry.point.x * w}" cy="${entry.point.y * h}" r="${stroke * 3}" fill="#e00" stroke="#fff" stroke-width="${stroke}"/></svg>`;
  return tile(await sharp(bytes).rotate().composite([{ input: Buffer.from(svg) }]).png().toBuffer());
}

const caption = (r: Result) => {
  const score = (o: Outcome) => ('refusal' in o ? `refused (${o.refusal.kind})` : o.iou === undefined ? `${(100 * o.inBox).toFixed(0)} % in box${o.unsure ? ', unsure' : ''}` : `IoU ${o.iou.toFixed(3)}${o.unsure ? ', unsure' : ''}`);
  const staged = r.staged ? ` · staging: auto ${r.staged.auto}, box ${r.staged.marked}` : '';
  return `${r.entry.file} · auto ${score(r.auto)} · box ${score(r.box)} · tap ${score(r.tap)}${staged}`;
};

/** Runs the three modes on every photo of the set, prints the report and writes the eval sheet. */
export async function evaluateSet(folder: string, stager: Stager, outDir: string): Promise<void> {
  const set = JSON.parse(await readFile(join(folder, 'set.json'), 'utf8')) as { photos: Entry[] };
  const rowsDir = join(outDir, 'eval-rows');
  await mkdir(rowsDir, { recursive: true });
  const results: Result[] = [];
  const rows: Buffer[] = [];
  truthFiles = new Set();
  console.log(`\nEvaluation set ${folder}: ${set.photos.length} photos, automatic, box and tap modes, staged without and with the box`);
  for (const entry of set.photos) {
    const bytes = new Uint8Array(await readFile(join(folder, entry.file)));
    const photo = await decodePhoto(bytes);
    const truthFile = join(folder, entry.file.replace(/\.[a-z]+$/i, '.truth.json'));
    let truth: Uint8Array | undefined;
    if (existsSync(truthFile)) {
      truth = await truthMask(JSON.parse(await readFile(truthFile, 'utf8')) as Truth, photo.width, photo.height);
      truthFiles.add(entry.file);
    }
    const result: Result = {
      entry,
      auto: await runMode(photo, entry, truth),
      box: await runMode(photo, entry, truth, boxHint(entry)),
      tap: await runMode(photo, entry, truth, pointHint(entry)),
    };
    const auto = await stageOutcome(stager, bytes);
    const marked = await stageOutcome(stager, bytes, boxHint(entry));
    result.staged = { auto: auto.outcome, marked: marked.outcome };
    results.push(result);
    const row = await rowJpeg([await markedPhoto(bytes, photo, entry), auto.cell, marked.cell], caption(result));
    await writeFile(join(rowsDir, `${basename(entry.file, '.jpg')}.jpg`), row);
    rows.push(row);
    console.log(`  ${caption(result)}`);
  }
  printReport(results);
  const file = join(outDir, 'eval-sheet.png');
  await writeRows(rows, 3, file);
  console.log(`wrote ${file} (columns: the photo with the seller's box and tap, the automatic staging, the staging with the box; one JPEG per row in ${rowsDir})`);
}
