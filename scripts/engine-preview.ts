/**
 * Contact sheet of the local engine: each sample photo (first column) staged in every design
 * style. Writes .local/engine-preview.png. `npm run engine:preview`; run `npx tsc -b` first.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { DESIGN_STYLE_IDS, buildAutoPrompt, type FurnitureTypeId } from '@flipstage/core';
import { createLocalStager } from '../functions/src/stagers/engine/index.js';

const TILE_W = 320;
const TILE_H = 240;
const GAP = 6;

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(await readFile(new URL('samples/manifest.json', root), 'utf8')) as Array<{ file: string; furnitureType: FurnitureTypeId }>;
const only = process.argv.slice(2);
const samples = manifest.filter((s) => only.length === 0 || only.some((o) => s.file.includes(o)));
const stager = createLocalStager();
const tiles: OverlayOptions[] = [];

for (const [row, sample] of samples.entries()) {
  const photo = new Uint8Array(await readFile(new URL(`samples/${sample.file}`, root)));
  const cells: Uint8Array[] = [photo];
  for (const style of DESIGN_STYLE_IDS) {
    const out = await stager.stage({ image: photo, prompt: buildAutoPrompt(style, sample.furnitureType), style, furnitureType: sample.furnitureType, mode: 'auto', size: 'standard', variant: 0 });
    cells.push(out.jpeg);
  }
  for (const [column, cell] of cells.entries()) {
    const tile = await sharp(cell).resize(TILE_W, TILE_H, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
    tiles.push({ input: tile, left: column * (TILE_W + GAP), top: row * (TILE_H + GAP) });
  }
  console.log(`${sample.file} staged in ${DESIGN_STYLE_IDS.length} styles`);
}

const out = fileURLToPath(new URL('.local/engine-preview.png', root));
await mkdir(fileURLToPath(new URL('.local/', root)), { recursive: true });
await sharp({ create: { width: (DESIGN_STYLE_IDS.length + 1) * (TILE_W + GAP), height: samples.length * (TILE_H + GAP), channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out);
console.log(`wrote ${out}`);
