/**
 * Writes the drawn sample furniture photos in samples/*.jpg (used by the tests, the journeys and
 * the benchmarks; the demo listings and the web examples use the real photos in samples/photos/):
 * drawn pieces on a product-photo backdrop with soft light, a cast shadow and sensor noise.
 * Deterministic; rerun with `npx tsx scripts/make-samples.ts` after changing a drawing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { drawFurniture, fitBox, shade, type FurnitureKind } from '../functions/test/fixtures/furnitureDrawing.js';
import { prng } from '../functions/test/fixtures/prng.js';
import { addSensorNoise } from '../functions/test/fixtures/furnitureFixtures.js';

type Backdrop = 'sweep' | 'wall-wood' | 'wall-carpet';

interface Sample {
  file: string;
  kind: FurnitureKind;
  furnitureType: 'dresser' | 'sofa' | 'table' | 'chair' | 'coffee' | 'bed' | 'desk' | 'bookcase';
  colour: string;
  backdrop: Backdrop;
  wall: string;
  floor: string;
  title: string;
  description: string;
  price: number;
}

const SAMPLES: Sample[] = [
  { file: 'dresser-blue.jpg', kind: 'dresser', furnitureType: 'dresser', colour: '#3f5f86', backdrop: 'wall-wood', wall: '#e9e6df', floor: '#a27b56', title: 'Painted six-drawer dresser', description: 'Solid pine dresser refinished in navy chalk paint with antique brass knobs. Drawers glide smoothly.', price: 240 },
  { file: 'armchair-green.jpg', kind: 'armchair', furnitureType: 'chair', colour: '#3d6b52', backdrop: 'sweep', wall: '#e6e4df', floor: '#d3d0ca', title: 'Emerald velvet armchair', description: 'Deep-seated armchair reupholstered in emerald velvet, walnut legs, no stains or wear.', price: 180 },
  { file: 'sofa-grey.jpg', kind: 'sofa', furnitureType: 'sofa', colour: '#8d9196', backdrop: 'wall-carpet', wall: '#efece6', floor: '#b9b4ac', title: 'Three-seat sofa in dove grey', description: 'Comfortable three-seat sofa with removable cushion covers, freshly cleaned. Smoke-free home.', price: 320 },
  { file: 'table-oak.jpg', kind: 'table', furnitureType: 'table', colour: '#b07f4f', backdrop: 'wall-carpet', wall: '#f1efe9', floor: '#c9c6c0', title: 'Oak dining table', description: 'Solid oak dining table that seats six, sanded and oiled, tapered legs.', price: 290 },
  { file: 'coffee-table-walnut.jpg', kind: 'coffee', furnitureType: 'coffee', colour: '#6a4328', backdrop: 'sweep', wall: '#ebe8e3', floor: '#d9d5ce', title: 'Walnut coffee table with shelf', description: 'Mid-century style walnut coffee table with a lower shelf for magazines.', price: 140 },
  { file: 'bed-navy.jpg', kind: 'bed', furnitureType: 'bed', colour: '#34465e', backdrop: 'wall-wood', wall: '#e4dfd6', floor: '#9a7451', title: 'Upholstered queen bed frame', description: 'Queen bed frame with a navy upholstered headboard and solid wood slats.', price: 260 },
  { file: 'desk-white.jpg', kind: 'desk', furnitureType: 'desk', colour: '#ece9e2', backdrop: 'wall-carpet', wall: '#d9dde0', floor: '#a9a49b', title: 'White writing desk with drawers', description: 'Writing desk with three drawers, repainted in soft white with brushed steel pulls.', price: 150 },
  { file: 'bookcase-walnut.jpg', kind: 'bookcase', furnitureType: 'bookcase', colour: '#5b3b24', backdrop: 'sweep', wall: '#e8e6e1', floor: '#d4d0c9', title: 'Tall walnut bookcase', description: 'Five-shelf walnut-stained bookcase, sturdy and level, books not included.', price: 120 },
];

const WIDTH = 1200;
const HEIGHT = 900;

function backdrop(sample: Sample, defs: string[]): { svg: string; floorY: number } {
  const { wall, floor } = sample;
  if (sample.backdrop === 'sweep') {
    // A seamless paper sweep: the wall curves into the floor with no visible line.
    defs.push(`<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(wall, -0.06)}"/><stop offset="0.55" stop-color="${wall}"/><stop offset="0.75" stop-color="${shade(floor, 0.05)}"/><stop offset="1" stop-color="${shade(floor, -0.04)}"/></linearGradient>`);
    return { svg: `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sweep)"/>`, floorY: HEIGHT * 0.86 };
  }
  const horizon = HEIGHT * 0.66;
  defs.push(`<linearGradient id="wallLight" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${shade(wall, 0.05)}"/><stop offset="1" stop-color="${shade(wall, -0.08)}"/></linearGradient>`);
  const parts = [`<rect width="${WIDTH}" height="${horizon}" fill="url(#wallLight)"/>`, `<rect y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="${floor}"/>`];
  if (sample.backdrop === 'wall-wood') {
    const random = prng(sample.file.length * 131);
    for (let x = -WIDTH; x < WIDTH * 2; x += 70) {
      const bottomX = WIDTH / 2 + (x - WIDTH / 2) * 2.2;
      parts.push(`<line x1="${x}" y1="${horizon}" x2="${bottomX}" y2="${HEIGHT}" stroke="${shade(floor, -0.3)}" stroke-width="1.5" opacity="0.6"/>`);
      const jointY = horizon + (HEIGHT - horizon) * (0.2 + random() * 0.7);
      parts.push(`<line x1="${x + (bottomX - x) * ((jointY - horizon) / (HEIGHT - horizon))}" y1="${jointY}" x2="${x + 70 + (bottomX + 154 - x - 70) * ((jointY - horizon) / (HEIGHT - horizon))}" y2="${jointY}" stroke="${shade(floor, -0.3)}" stroke-width="1.2" opacity="0.5"/>`);
    }
  }
  parts.push(`<rect y="${horizon - 22}" width="${WIDTH}" height="22" fill="${shade(wall, 0.25)}"/><rect y="${horizon - 2}" width="${WIDTH}" height="3" fill="${shade(wall, -0.25)}"/>`);
  return { svg: parts.join(''), floorY: HEIGHT * 0.84 };
}

async function render(sample: Sample): Promise<Buffer> {
  const defs: string[] = [];
  const { svg: back, floorY } = backdrop(sample, defs);
  const box = fitBox(sample.kind, WIDTH * 0.5, floorY, WIDTH * 0.66, HEIGHT * 0.68);
  const piece = drawFurniture(sample.kind, box, sample.colour, defs);
  defs.push(`<filter id="soft" x="-0.5" y="-3" width="2" height="7"><feGaussianBlur stdDeviation="${box.h * 0.035}"/></filter>`);
  defs.push(`<radialGradient id="vignette" cx="0.45" cy="0.4" r="0.8"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>`);
  const shadow = `<ellipse cx="${box.x + box.w / 2 + box.w * 0.03}" cy="${box.y + box.h - box.h * 0.01}" rx="${box.w * 0.55}" ry="${box.h * 0.05}" fill="#000" opacity="0.35" filter="url(#soft)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>${defs.join('')}</defs>${back}${shadow}${piece}<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/></svg>`;
  const rgb = new Uint8Array(await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer());
  addSensorNoise(rgb, 5, prng(sample.file.length * 977 + sample.colour.charCodeAt(2)));
  return sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).blur(0.5).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const dir = fileURLToPath(new URL('../samples/', import.meta.url));
await mkdir(dir, { recursive: true });
for (const sample of SAMPLES) {
  const jpeg = await render(sample);
  await writeFile(dir + sample.file, jpeg);
  console.log(`${sample.file} ${(jpeg.length / 1024).toFixed(0)} KB`);
}
const manifest = SAMPLES.map(({ file, furnitureType, title, description, price }) => ({ file, furnitureType, title, description, price }));
await writeFile(dir + 'manifest.json', JSON.stringify(manifest, null, 2) + '\n');
