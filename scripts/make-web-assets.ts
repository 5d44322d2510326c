/**
 * The home page's before/after examples and hero images (web/src/assets/examples/) and the README's
 * picture (docs/before-after.jpg), made by the local engine from real photos in samples/photos/
 * as the demo listings stage them (the same style, type and seller's box: seedListings.ts), and
 * committed (the site never fetches them remotely).
 * `npx tsx scripts/make-web-assets.ts`; run `npx tsc -b` first.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildAutoPrompt } from '@flipstage/core';
import { createLocalStager } from '../functions/src/stagers/engine/index.js';
import { SEED_LISTINGS } from '../functions/src/localHost/seedListings.js';

/** Each example names the demo listing whose photo it stages; the first is the README's picture. */
const EXAMPLES = [
  { name: 'sofa', photo: 'sofa-red-workshop.jpg' },
  { name: 'armchair', photo: 'chairs-patterned-pair.jpg' },
  { name: 'bed', photo: 'bed-queen-dark-wood.jpg' },
  { name: 'desk', photo: 'desk-red-office.jpg' },
  { name: 'leather-sofa', photo: 'sofa-orange-leather.jpg' },
];
const LONG_SIDE = 960;
const QUALITY = 78;
/** The README's picture: before and after side by side, each this tall. */
const README_HEIGHT = 380;
const README_GAP = 8;

const root = new URL('../', import.meta.url);
const outDir = new URL('web/src/assets/examples/', root);
await mkdir(fileURLToPath(outDir), { recursive: true });
const stager = createLocalStager();

function encode(input: Uint8Array | Buffer) {
  return sharp(input)
    .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toBuffer();
}

async function write(url: URL, jpeg: Buffer): Promise<void> {
  await writeFile(url, jpeg);
  console.log(`${fileURLToPath(url)}: ${(jpeg.byteLength / 1024).toFixed(0)} KB`);
}

/** A caption on a dark band at the picture's bottom left. */
async function captioned(input: Buffer, caption: string): Promise<Buffer> {
  const resized = await sharp(input).resize({ height: README_HEIGHT }).toBuffer({ resolveWithObject: true });
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${resized.info.width}" height="${README_HEIGHT}">
    <rect x="12" y="${README_HEIGHT - 46}" width="${caption.length * 14 + 24}" height="34" rx="4" fill="rgba(0,0,0,0.6)"/>
    <text x="24" y="${README_HEIGHT - 22}" font-family="Lato, DejaVu Sans, sans-serif" font-weight="bold" font-size="20" fill="#fff">${caption}</text>
  </svg>`;
  return sharp(resized.data)
    .composite([{ input: Buffer.from(band) }])
    .toBuffer();
}

async function writeReadmePicture(before: Buffer, after: Buffer): Promise<void> {
  const left = await captioned(before, 'BEFORE');
  const right = await captioned(after, 'AFTER');
  const leftWidth = (await sharp(left).metadata()).width!;
  const rightWidth = (await sharp(right).metadata()).width!;
  const picture = await sharp({
    create: { width: leftWidth + README_GAP + rightWidth, height: README_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: leftWidth + README_GAP, top: 0 },
    ])
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toBuffer();
  await write(new URL('docs/before-after.jpg', root), picture);
}

for (const [index, example] of EXAMPLES.entries()) {
  const listing = SEED_LISTINGS.find((l) => l.photo === example.photo);
  if (!listing) throw new Error(`${example.photo} is not a demo listing's photo`);
  const photo = new Uint8Array(await readFile(new URL(`samples/photos/${example.photo}`, root)));
  const staged = await stager.stage({
    image: photo,
    prompt: buildAutoPrompt(listing.style, listing.furnitureType),
    style: listing.style,
    furnitureType: listing.furnitureType,
    mode: 'auto',
    size: 'standard',
    variant: 0,
    subject: listing.mark,
  });
  const before = await encode(photo);
  const after = await encode(staged.jpeg);
  await write(new URL(`${example.name}-before.jpg`, outDir), before);
  await write(new URL(`${example.name}-after.jpg`, outDir), after);
  if (index === 0) await writeReadmePicture(before, after);
}
