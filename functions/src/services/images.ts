/**
 * Uploaded images are judged by their content (sharp reads the header), never by the declared
 * type. Only raster formats are accepted; SVG is refused because it can carry script.
 */
import sharp from 'sharp';

/** Matches the 40-megapixel promise in MESSAGES.imageTooLarge; also sharp's decompression-bomb guard. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const THUMB_SIZE = 128;

const FORMATS: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  avif: { contentType: 'image/avif', ext: 'avif' },
  heif: { contentType: 'image/heic', ext: 'heic' },
  tiff: { contentType: 'image/tiff', ext: 'tiff' },
};

export interface SniffedImage {
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/** The image's real format, or null when the bytes are not a supported raster image. */
export async function sniffImage(data: Uint8Array): Promise<SniffedImage | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const format = meta.format ? FORMATS[meta.format] : undefined;
    if (!format || !meta.width || !meta.height) return null;
    return { ...format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Browsers show JPEG, PNG, WebP, GIF and AVIF; anything else is stored as JPEG. */
export async function toWebImage(
  data: Uint8Array,
  sniffed: SniffedImage,
): Promise<{ data: Uint8Array; contentType: string; ext: string }> {
  if (['jpg', 'png', 'webp', 'gif', 'avif'].includes(sniffed.ext))
    return { data, contentType: sniffed.contentType, ext: sniffed.ext };
  const jpeg = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().jpeg({ quality: 88 }).toBuffer();
  return { data: jpeg, contentType: 'image/jpeg', ext: 'jpg' };
}

/** Spec §9: thumbnails are 128×128, cover. */
export async function coverThumbnail(data: Uint8Array): Promise<Uint8Array> {
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
