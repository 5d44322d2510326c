/**
 * The Images port on sharp and the engine's decoder (HEVC HEIC and raw TIFF included). Nothing is
 * stored as uploaded: a phone photo carries its GPS position, the camera owner's name, maker
 * notes, XMP and IPTC. Every stored copy is re-encoded from the decoded pixels, turned upright,
 * with only the colour profile kept.
 */
import sharp, { type Sharp } from 'sharp';
import { ImageTooLarge, ImageUnreadable, type Images, type SniffedImage, type WebImage } from '../../ports/images.js';
import { StagingError } from '../../ports/stager.js';
import { decodePhoto, READ_OPTIONS } from './decode.js';

const THUMB_SIZE = 128;

const FORMATS: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  avif: { contentType: 'image/avif', ext: 'avif' },
  heif: { contentType: 'image/heic', ext: 'heic' },
  tiff: { contentType: 'image/tiff', ext: 'tiff' },
};

async function sniffImage(data: Uint8Array): Promise<SniffedImage | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    const format = meta.format ? FORMATS[meta.format] : undefined;
    if (!format || !meta.width || !meta.height) return null;
    return { ...format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/**
 * Every pixel decoded through the staging engine's reader (HEVC HEIC included), so a truncated
 * file is refused here rather than stored half grey. Returns what sharp can re-read as colour.
 */
async function decodeUpload(data: Uint8Array): Promise<Uint8Array> {
  try {
    return (await decodePhoto(data)).source;
  } catch (error) {
    if (error instanceof StagingError && error.kind === 'image-too-large') throw new ImageTooLarge({ cause: error });
    throw new ImageUnreadable({ cause: error });
  }
}

/** Upright, metadata dropped except the ICC profile (sharp writes no other metadata unless told to). */
const upright = (source: Uint8Array): Sharp => sharp(source, READ_OPTIONS).autoOrient().keepIccProfile();

async function encoded(pipeline: Sharp): Promise<Uint8Array> {
  try {
    return await pipeline.toBuffer();
  } catch (error) {
    throw new ImageUnreadable({ cause: error });
  }
}

/** JPEG, PNG and WebP keep their format; GIF, AVIF, HEIC and TIFF become PNG when see-through, else JPEG. */
async function webCopy(source: Uint8Array, sniffed: SniffedImage): Promise<WebImage> {
  const kept = ['jpg', 'png', 'webp'].includes(sniffed.ext);
  const transparent = !kept && (await sharp(source, READ_OPTIONS).metadata()).hasAlpha;
  const ext = kept ? sniffed.ext : transparent ? 'png' : 'jpg';
  const pipeline = upright(source);
  if (ext === 'jpg') return { data: await encoded(pipeline.jpeg({ quality: 90 })), contentType: 'image/jpeg', ext };
  if (ext === 'webp') return { data: await encoded(pipeline.webp({ quality: 90 })), contentType: 'image/webp', ext };
  return { data: await encoded(pipeline.png()), contentType: 'image/png', ext };
}

async function withThumbnail(data: Uint8Array, sniffed: SniffedImage): Promise<{ image: WebImage; thumb: Uint8Array }> {
  const source = await decodeUpload(data);
  const image = await webCopy(source, sniffed);
  const thumb = await encoded(
    upright(source)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 }),
  );
  return { image, thumb };
}

export function createUploadedImages(): Images {
  return {
    sniff: sniffImage,
    storable: async (data, sniffed) => webCopy(await decodeUpload(data), sniffed),
    withThumbnail,
  };
}
