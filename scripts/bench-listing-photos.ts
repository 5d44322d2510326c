/**
 * `npx tsx scripts/bench-listing-photos.ts`: the bytes a marketplace page's cards download, the
 * stored photo against the variant a card's srcset picks. Each drawn sample photo (samples/*.jpg,
 * 1200 × 900) goes through the listing pipeline as an upload does, once as it is (1200 px) and
 * once at 2560 px, the width a phone's photo is shrunk to in the browser before upload. A card is
 * 360 CSS px wide (a third of the 1140 px page); the browser takes the narrowest candidate at least
 * the card's width × the screen's pixel ratio, as Chromium does with an empty cache.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createUploadedImages } from '../functions/src/stagers/engine/index.js';

const CARD_WIDTH = 360;
const PIXEL_RATIOS = [1, 2];
const PHONE_WIDTH = 2560;

const samplesDir = fileURLToPath(new URL('../samples/', import.meta.url));
const images = createUploadedImages();

interface Candidate {
  width: number;
  bytes: number;
}

/** The candidate a browser picks for a slot: the narrowest wide enough, else the widest. */
function picked(candidates: Candidate[], slot: number): Candidate {
  const sorted = [...candidates].sort((a, b) => a.width - b.width);
  return sorted.find((c) => c.width >= slot) ?? sorted.at(-1)!;
}

/** The srcset candidates (narrowest first, the stored photo last) and the 128 px thumbnail's bytes. */
async function candidatesOf(upload: Uint8Array): Promise<{ candidates: Candidate[]; thumb: number }> {
  const sniffed = await images.sniff(upload);
  if (!sniffed) throw new Error('a sample did not read as an image');
  const copies = await images.listingCopies(upload, sniffed);
  const candidates = [
    ...copies.variants.map((v) => ({ width: v.width, bytes: v.data.byteLength })),
    { width: copies.width, bytes: copies.image.data.byteLength },
  ];
  return { candidates, thumb: copies.thumb.byteLength };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const names = (await readdir(samplesDir)).filter((name) => name.endsWith('.jpg')).sort();
  for (const [label, prepare] of [
    ['as uploaded (1200 px)', (data: Buffer) => Promise.resolve(data)],
    [
      `phone size (${PHONE_WIDTH} px)`,
      (data: Buffer) => sharp(data).resize({ width: PHONE_WIDTH }).jpeg({ quality: 90 }).toBuffer(),
    ],
  ] as const) {
    const cards = await Promise.all(
      names.map(async (name) => candidatesOf(new Uint8Array(await prepare(await readFile(join(samplesDir, name)))))),
    );
    const original = cards.reduce((sum, c) => sum + c.candidates.at(-1)!.bytes, 0);
    const thumbs = cards.reduce((sum, c) => sum + c.thumb, 0);
    console.log(`${names.length} cards, photos ${label}: the 128 px thumbnails cards stretched before, ${kb(thumbs)}`);
    for (const ratio of PIXEL_RATIOS) {
      const chosen = cards.map((c) => picked(c.candidates, CARD_WIDTH * ratio));
      const bytes = chosen.reduce((sum, c) => sum + c.bytes, 0);
      const widths = [...new Set(chosen.map((c) => c.width))].join('/');
      console.log(
        `${names.length} cards, photos ${label}, ${ratio}x screen: stored photos ${kb(original)}, ` +
          `chosen ${widths} px variants ${kb(bytes)}, saved ${kb(original - bytes)} (${(100 * (1 - bytes / original)).toFixed(0)} %)`,
      );
    }
  }
}

await main();
