/**
 * The home page's before/after examples and hero images, made once by the local engine from the
 * sample photos and committed under web/src/assets/examples/ (the site never fetches them remotely).
 * `npx tsx scripts/make-web-assets.ts`; run `npx tsc -b` first.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildAutoPrompt, type DesignStyleId, type FurnitureTypeId } from '@flipstage/core';
import { createLocalStager } from '../functions/src/stagers/engine/index.js';

/** Each example pairs a sample photo with the style it is staged in. */
const EXAMPLES: Array<{ name: string; sample: string; furnitureType: FurnitureTypeId; style: DesignStyleId }> = [
  { name: 'dresser', sample: 'dresser-blue.jpg', furnitureType: 'dresser', style: 'farmhouse' },
  { name: 'armchair', sample: 'armchair-green.jpg', furnitureType: 'chair', style: 'bohemian' },
  { name: 'sofa', sample: 'sofa-grey.jpg', furnitureType: 'sofa', style: 'scandinavian' },
  { name: 'bookcase', sample: 'bookcase-walnut.jpg', furnitureType: 'bookcase', style: 'industrial' },
  { name: 'bed', sample: 'bed-navy.jpg', furnitureType: 'bed', style: 'coastal' },
];
const LONG_SIDE = 960;
const QUALITY = 78;

const root = new URL('../', import.meta.url);
const outDir = new URL('web/src/assets/examples/', root);
await mkdir(fileURLToPath(outDir), { recursive: true });
const stager = createLocalStager();

async function writeJpeg(name: string, input: Uint8Array): Promise<void> {
  const jpeg = await sharp(input)
    .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toBuffer();
  await writeFile(new URL(name, outDir), jpeg);
  console.log(`${name}: ${(jpeg.byteLength / 1024).toFixed(0)} KB`);
}

for (const example of EXAMPLES) {
  const photo = new Uint8Array(await readFile(new URL(`samples/${example.sample}`, root)));
  const staged = await stager.stage({
    image: photo,
    prompt: buildAutoPrompt(example.style, example.furnitureType),
    style: example.style,
    furnitureType: example.furnitureType,
    mode: 'auto',
    size: 'standard',
    variant: 0,
  });
  await writeJpeg(`${example.name}-before.jpg`, photo);
  await writeJpeg(`${example.name}-after.jpg`, staged.jpeg);
}
