/** The longer side of a picture sent to the simulated Media API, or null when it is not one eBay takes. */
import sharp from 'sharp';

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'bmp', 'heif']);

export async function imageLongSide(data: Uint8Array): Promise<number | null> {
  try {
    const { width, height, format } = await sharp(data).metadata();
    if (!format || !FORMATS.has(format) || !width || !height) return null;
    return Math.max(width, height);
  } catch {
    return null;
  }
}
