#!/usr/bin/env node
/**
 * `node scripts/make-og-image.mjs`: the home page's share picture, web/public/og-image.jpg
 * (1200×630, the size Facebook, LinkedIn and X show large), referenced by web/index.html.
 *
 * Made from the repository's own before/after example (web/src/assets/examples/leather-sofa-*.jpg:
 * samples/photos/sofa-orange-leather.jpg, a Pexels photo by Martin Péchy under the Pexels License,
 * which asks no credit, staged by the built-in engine in a room plate rendered with Blender,
 * docs/plates.md; made by scripts/make-web-assets.ts). The text is set in fonts installed on this machine (Lato, DejaVu Serif);
 * the result is committed, so nothing is drawn at build or run time.
 */
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
const PANEL = 360;
/** The site's theme colour (web/index.html's theme-color). */
const GREEN = '#087f5b';
/** Facebook recommends well under 8 MB; the budget keeps a crawler's fetch quick. */
const MAX_BYTES = 150 * 1024;

const root = new URL('../', import.meta.url);
const example = (name) => fileURLToPath(new URL(`web/src/assets/examples/${name}`, root));
const out = fileURLToPath(new URL('web/public/og-image.jpg', root));

const INSET = { left: 40, top: 330, width: 280, height: 210 };

const after = await sharp(example('leather-sofa-after.jpg'))
  .resize(WIDTH - PANEL, HEIGHT, { fit: 'cover' })
  .toBuffer();
const before = await sharp(example('leather-sofa-before.jpg'))
  .resize(INSET.width, INSET.height, { fit: 'cover' })
  .toBuffer();

const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <style>
    .brand { font: bold 52px 'DejaVu Serif'; fill: #fff; }
    .line { font: 500 27px Lato; fill: #e6fcf5; }
    .label { font: bold 20px Lato; fill: #fff; letter-spacing: 1px; }
  </style>
  <text x="40" y="110" class="brand">FlipStage</text>
  <text x="40" y="170" class="line">AI furniture staging</text>
  <text x="40" y="206" class="line">for flippers and resellers.</text>
  <text x="40" y="262" class="line">Sell faster.</text>
  <rect x="${INSET.left}" y="${INSET.top + INSET.height - 34}" width="96" height="34" fill="rgba(0,0,0,0.55)" />
  <text x="${INSET.left + 12}" y="${INSET.top + INSET.height - 10}" class="label">BEFORE</text>
  <rect x="${WIDTH - 112}" y="${HEIGHT - 58}" width="84" height="34" fill="rgba(0,0,0,0.55)" />
  <text x="${WIDTH - 100}" y="${HEIGHT - 34}" class="label">AFTER</text>
</svg>`;

await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: GREEN } })
  .composite([
    { input: after, left: PANEL, top: 0 },
    { input: before, left: INSET.left, top: INSET.top },
    { input: Buffer.from(text), left: 0, top: 0 },
  ])
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(out);

const { size } = await stat(out);
if (size > MAX_BYTES) throw new Error(`og-image.jpg is ${size} bytes, over the ${MAX_BYTES} budget`);
console.log(`web/public/og-image.jpg: ${WIDTH}×${HEIGHT}, ${(size / 1024).toFixed(0)} KB`);
