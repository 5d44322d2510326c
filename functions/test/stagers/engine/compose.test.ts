import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compose } from '../../../src/stagers/engine/compose.js';
import { decodePhoto } from '../../../src/stagers/engine/decode.js';
import { loadPlates } from '../../../src/stagers/engine/plates/library.js';

const W = 800;
const H = 600;
/** A red box on a white wall, from row `top` down to `bottom` (the photo's last row when cut). */
const BOX = { x0: 200, x1: 600, top: 250 };

async function stagedBottomRow(bottom: number): Promise<{ red: number; width: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#f4f4f2"/><rect x="${BOX.x0}" y="${BOX.top}" width="${BOX.x1 - BOX.x0}" height="${bottom - BOX.top}" fill="#c0302a"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
  const photo = await decodePhoto(new Uint8Array(jpeg));
  const mw = photo.analysis.width;
  const mh = photo.analysis.height;
  const mask = new Uint8Array(mw * mh);
  for (let y = 0; y < mh; y++)
    for (let x = 0; x < mw; x++) {
      const px = ((x + 0.5) * W) / mw;
      const py = ((y + 0.5) * H) / mh;
      if (px >= BOX.x0 && px < BOX.x1 && py >= BOX.top && py < bottom) mask[y * mw + x] = 1;
    }
  const plate = (await loadPlates()).find((candidate) => candidate.id === 'modern-1')!;
  const out = await compose({
    photo,
    subject: { mask, width: mw, height: mh },
    plate,
    grade: { brightness: 1, temperature: 0 },
    furnitureType: 'dresser',
    longSide: 1024,
  });
  const { data, info } = await sharp(out.jpeg).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  const row = (info.height - 1) * info.width * info.channels;
  for (let x = 0; x < info.width; x++) {
    const [r, g, b] = [data[row + x * 3]!, data[row + x * 3 + 1]!, data[row + x * 3 + 2]!];
    if (r > 150 && g < 90 && b < 90) red++;
  }
  return { red, width: info.width };
}

describe('composing a piece into its room', () => {
  it('lets a piece cut off by its photo’s bottom edge go on out of the picture', async () => {
    const { red, width } = await stagedBottomRow(H);
    expect(red).toBeGreaterThan(width * 0.2);
  });

  it('stands a whole piece on the floor with the room’s floor in front of it', async () => {
    const { red } = await stagedBottomRow(H - 60);
    expect(red).toBe(0);
  });
});
