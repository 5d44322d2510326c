/**
 * A stored listing photo made ready for an outside marketplace (issue 41, the Images port's
 * marketplacePhoto): resized for the site and, when it is virtually staged, captioned "Virtually
 * staged" in its pixels, since marketplaces forbid images that misrepresent the item and a caption
 * in the file survives any upload. The caption is drawn from outlines (captionGlyphs.ts), not a
 * font: serverless machines may have no fonts, and librsvg would then draw boxes for letters.
 */
import sharp from 'sharp';
import { CAPTION_GLYPHS } from './captionGlyphs.js';
import { READ_OPTIONS } from './decode.js';

/** The caption's width in ems: its advance over the font's em. */
const CAPTION_EMS = CAPTION_GLYPHS.width / CAPTION_GLYPHS.unitsPerEm;

/**
 * A dark band with the caption in its lower-left corner, as large as the photo so it composites
 * in place. Its size follows the photo's shorter side so it reads the same on a phone at any size,
 * and shrinks on a photo too narrow for it.
 */
function captionSvg(width: number, height: number): Buffer {
  const wanted = Math.max(14, Math.min(width, height) * 0.045);
  // Margin, padding and text: 1.2 + 1 + CAPTION_EMS ems across.
  const fontSize = Math.min(wanted, width / (CAPTION_EMS + 2.2));
  const pad = fontSize * 0.5;
  const margin = fontSize * 0.6;
  const bandWidth = CAPTION_EMS * fontSize + pad * 2;
  const bandHeight = fontSize * 1.5;
  const top = height - margin - bandHeight;
  const scale = fontSize / CAPTION_GLYPHS.unitsPerEm;
  const round = (n: number) => Math.round(n * 100) / 100;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${round(margin)}" y="${round(top)}" width="${round(bandWidth)}" height="${round(bandHeight)}" rx="${round(pad)}" fill="#000" fill-opacity="0.62"/>` +
      `<path d="${CAPTION_GLYPHS.path}" fill="#fff" transform="translate(${round(margin + pad)} ${round(top + bandHeight * 0.72)}) scale(${scale})"/>` +
      `</svg>`,
  );
}

export async function marketplacePhoto(data: Uint8Array, longSide: number, staged: boolean): Promise<Uint8Array> {
  const resized = sharp(data, READ_OPTIONS)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true });
  if (!staged) return resized.jpeg({ quality: 86 }).toBuffer();
  const { data: pixels, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: captionSvg(info.width, info.height), left: 0, top: 0 }])
    .jpeg({ quality: 86 })
    .toBuffer();
}
