/**
 * A stored listing photo made ready for an outside marketplace (issue 41, the Images port's
 * marketplacePhoto): resized for the site and, when it is virtually staged, captioned in its
 * pixels, since marketplaces forbid images that misrepresent the item and a caption in the file
 * survives any upload.
 */
import sharp from 'sharp';
import { READ_OPTIONS } from './decode.js';

const FONTS = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** Text for an SVG document: the caption is ours, but escaped all the same. */
const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A dark band with the caption in its lower-left corner, as large as the photo so it composites
 * in place; its size follows the photo's shorter side so it reads the same on a phone at any size.
 * librsvg draws the text with the first of FONTS the machine has.
 */
function captionSvg(caption: string, width: number, height: number): Buffer {
  const fontSize = Math.max(14, Math.round(Math.min(width, height) * 0.045));
  const pad = Math.round(fontSize * 0.5);
  const margin = Math.round(fontSize * 0.6);
  // A wide estimate of the caption's advance (0.58 em a character) so no letter ever leaves the band.
  const bandWidth = Math.min(width - margin * 2, Math.round(fontSize * 0.58 * [...caption].length + pad * 2));
  const bandHeight = Math.round(fontSize * 1.5);
  const top = height - margin - bandHeight;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${margin}" y="${top}" width="${bandWidth}" height="${bandHeight}" rx="${pad}" fill="#000" fill-opacity="0.62"/>` +
      `<text x="${margin + pad}" y="${top + Math.round(bandHeight * 0.7)}" font-family="${FONTS}" ` +
      `font-size="${fontSize}" font-weight="bold" fill="#fff">${escapeXml(caption)}</text></svg>`,
  );
}

export async function marketplacePhoto(data: Uint8Array, longSide: number, caption: string | null): Promise<Uint8Array> {
  const resized = sharp(data, READ_OPTIONS)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true });
  if (caption === null) return resized.jpeg({ quality: 86 }).toBuffer();
  const { data: pixels, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: captionSvg(caption, info.width, info.height), left: 0, top: 0 }])
    .jpeg({ quality: 86 })
    .toBuffer();
}
