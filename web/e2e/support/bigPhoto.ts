import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The camera file the journeys of issue 24 stage: 48 MP, about 30 MB, stored on its side. */
export const BIG_PHOTO = { width: 8000, height: 6000 } as const;

const ARMCHAIR = fileURLToPath(new URL('../../../samples/armchair-green.jpg', import.meta.url));
/** Grain that JPEG cannot squeeze: ±7 levels bring quality 100 to about 30 MB. */
const GRAIN = 14;

/**
 * Writes the armchair sample as a 48 MP camera JPEG into `dir`: pixels stored on their side with
 * EXIF orientation 6, as phones save a photo taken upright, and fine grain, as a sensor adds.
 * Made at test time: 30 MB does not belong in the repository.
 */
export async function writeBigPhoto(dir: string): Promise<string> {
  const stored = { width: BIG_PHOTO.height, height: BIG_PHOTO.width };
  const pixels = await sharp(ARMCHAIR)
    .rotate(-90)
    .resize(stored.width, stored.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  // xorshift32: fast, and the same grain on every run.
  let state = 2463534242;
  for (let i = 0; i < pixels.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = Math.min(255, Math.max(0, pixels[i]! + (((state & 0xff) * GRAIN) >> 8) - GRAIN / 2));
  }
  const jpeg = await sharp(pixels, { raw: { ...stored, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 100 })
    .toBuffer();
  const path = join(dir, 'DSC_0048.jpg');
  await writeFile(path, jpeg);
  return path;
}
