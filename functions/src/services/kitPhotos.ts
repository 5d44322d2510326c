/**
 * A kit's photos (issue 41): each listing photo resized for one site, the real ones first, every
 * virtually staged one captioned "Virtually staged" in its pixels (marketplaces forbid images that
 * misrepresent the item, and a caption in the file survives any upload), written into a ZIP as it
 * is made. yazl (MIT, no install scripts) writes the archive as a stream; sharp does the pixels.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import yazl from 'yazl';

export const STAGED_CAPTION = 'Virtually staged';

export interface KitPhoto {
  url: string;
  staged: boolean;
}

/** The listing's photos as a site gets them: the real ones in their order, then the staged ones, at most `max`. */
export function kitPhotoOrder(images: readonly string[], staged: ReadonlySet<number>, max: number): KitPhoto[] {
  const real = images.filter((_, i) => !staged.has(i)).map((url) => ({ url, staged: false }));
  const virtual = images.filter((_, i) => staged.has(i)).map((url) => ({ url, staged: true }));
  return [...real, ...virtual].slice(0, max);
}

/**
 * A dark band with the caption in its lower-left corner, as large as the photo so it composites
 * in place; its size follows the photo's shorter side so it reads the same on a phone at any size.
 * The text is drawn by librsvg with the first of these fonts the machine has.
 */
function captionSvg(width: number, height: number): Buffer {
  const fontSize = Math.max(14, Math.round(Math.min(width, height) * 0.045));
  const pad = Math.round(fontSize * 0.5);
  const margin = Math.round(fontSize * 0.6);
  // A wide estimate of the caption's advance (0.58 em a character) so no letter ever leaves the band.
  const bandWidth = Math.round(fontSize * 0.58 * STAGED_CAPTION.length + pad * 2);
  const bandHeight = Math.round(fontSize * 1.5);
  const top = height - margin - bandHeight;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${margin}" y="${top}" width="${bandWidth}" height="${bandHeight}" rx="${pad}" fill="#000" fill-opacity="0.62"/>` +
      `<text x="${margin + pad}" y="${top + Math.round(bandHeight * 0.7)}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" ` +
      `font-size="${fontSize}" font-weight="bold" fill="#fff">${STAGED_CAPTION}</text></svg>`,
  );
}

/** One photo for a site: upright, its long side at most `longSide` (never enlarged), JPEG; captioned when staged. */
export async function sitePhoto(data: Uint8Array, longSide: number, staged: boolean): Promise<Buffer> {
  const resized = sharp(data)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true });
  if (!staged) return resized.jpeg({ quality: 86 }).toBuffer();
  const { data: pixels, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: captionSvg(info.width, info.height), left: 0, top: 0 }])
    .jpeg({ quality: 86 })
    .toBuffer();
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Photos are JPEG already: storing them as they are saves the CPU deflate would spend for nothing. */
  compress: boolean;
}

/**
 * The archive as a stream: its first bytes leave as soon as the first entry is made, while the
 * next is still being made; a failure part-way destroys the stream, so the download fails rather
 * than ending as a truncated archive that looks whole.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, mtime: Date): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  void (async () => {
    try {
      for await (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: entry.compress, mtime });
      zip.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
