import { basename, extname } from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_BYTES, PREPARED_LONG_SIDE } from '@flipstage/core';

export interface PhotoUpload {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

/** The photo as it goes out, and the size it was shrunk from and to when it was. */
export interface FittedUpload extends PhotoUpload {
  shrunk: { from: string; to: string } | null;
}

const size = (width: number, height: number) => `${width} x ${height}`;

/**
 * A camera file above what the engine uses (a long side over PREPARED_LONG_SIDE, or over
 * MAX_INPUT_BYTES) is shrunk, upright, to a JPEG; anything else goes as it is. A photo sharp
 * cannot read (an HEVC HEIC, a damaged file) also goes as it is: the server reads what it can and
 * says why it cannot.
 */
export async function fitForUpload(photo: PhotoUpload): Promise<FittedUpload> {
  const asItIs = { ...photo, shrunk: null };
  let width: number;
  let height: number;
  try {
    ({ width, height } = (await sharp(photo.bytes).metadata()).autoOrient);
  } catch {
    return asItIs;
  }
  if (Math.max(width, height) <= PREPARED_LONG_SIDE && photo.bytes.byteLength <= MAX_INPUT_BYTES) return asItIs;
  try {
    const { data, info } = await sharp(photo.bytes)
      .autoOrient()
      .resize({ width: PREPARED_LONG_SIDE, height: PREPARED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency: a cut-out on a clear background goes on white, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      filename: `${basename(photo.filename, extname(photo.filename))}.jpg`,
      contentType: 'image/jpeg',
      shrunk: { from: size(width, height), to: size(info.width, info.height) },
    };
  } catch {
    return asItIs;
  }
}
