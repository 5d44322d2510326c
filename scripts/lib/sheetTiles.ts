/**
 * The tiles the engine's contact sheets are made of (scripts/engine-eval.ts, scripts/lib/evalSet.ts):
 * an image fitted into a tile, a tile of wrapped text, and a row of tiles written as a JPEG.
 */
import sharp, { type OverlayOptions } from 'sharp';

export const TILE_W = 360;
export const TILE_H = 270;
export const GAP = 6;
export const CAPTION_H = 28;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Greedy word wrap for SVG text, which has no wrapping of its own. */
export function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function textTile(lines: string[], width: number, height: number, background: string, size = 15): Buffer {
  const tspans = lines.map((l, i) => `<text x="10" y="${22 + i * (size + 6)}" font-family="DejaVu Sans, sans-serif" font-size="${size}">${escapeXml(l)}</text>`).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${background}"/>${tspans}</svg>`);
}

export async function tile(image: Uint8Array | Buffer, raw?: { width: number; height: number; channels: 1 | 3 }): Promise<Buffer> {
  return sharp(image, raw ? { raw } : {})
    .resize(TILE_W, TILE_H, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
}

/** A refusal in place of a staged result. */
export const refusalTile = (kind: string, message: string): Buffer => textTile(wrap(`Refused (${kind}): ${message}`, 38), TILE_W, TILE_H, '#fff4e5');

/** One row: its cells side by side over a caption (in a smaller type when it is long), as a JPEG. */
export async function rowJpeg(cells: Buffer[], caption: string): Promise<Buffer> {
  const width = cells.length * TILE_W + (cells.length - 1) * GAP;
  const overlays: OverlayOptions[] = cells.map((input, c) => ({ input, left: c * (TILE_W + GAP), top: 0 }));
  const size = caption.length * 8.6 > width ? Math.max(10, Math.floor(width / caption.length / 0.62)) : 14;
  overlays.push({ input: textTile([caption], width, CAPTION_H, '#ffffff', size), left: 0, top: TILE_H });
  return sharp({ create: { width, height: TILE_H + CAPTION_H, channels: 3, background: '#ffffff' } })
    .composite(overlays)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Rows (all of one width) stacked into one PNG. */
export async function writeRows(rows: Buffer[], columns: number, file: string): Promise<void> {
  const width = columns * TILE_W + (columns - 1) * GAP;
  const rowH = TILE_H + CAPTION_H + GAP;
  await sharp({ create: { width, height: Math.max(1, rows.length * rowH), channels: 3, background: '#ffffff' } })
    .composite(rows.map((input, r) => ({ input, left: 0, top: r * rowH })))
    .png()
    .toFile(file);
}
