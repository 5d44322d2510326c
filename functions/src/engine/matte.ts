import sharp from 'sharp';
import type { SubjectMask } from './segment.js';

/**
 * Scales the analysis mask up to the target size as a soft alpha matte: a smooth (bicubic)
 * upscale and a blur of about one analysis pixel round off the grid's stair steps and feather the
 * edge, then a contrast curve pulls the edge slightly inwards so no rim of the old backdrop shows.
 */
export async function matteFromMask(subject: SubjectMask, width: number, height: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(subject.mask.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = subject.mask[i]! * 255;
  const scale = Math.max(width / subject.width, height / subject.height);
  const data = await sharp(bytes, { raw: { width: subject.width, height: subject.height, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(Math.max(0.6, scale * 0.9))
    .linear(1.6, -110)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
