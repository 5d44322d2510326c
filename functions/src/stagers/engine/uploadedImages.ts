/**
 * The Images port on sharp and the engine's decoder (HEVC HEIC and raw TIFF included): the staging
 * door (prepare) and the copy stored from it, and a listing's copies. Nothing is stored with its
 * metadata: a phone photo carries its GPS position, the camera owner's name, maker notes, XMP and
 * IPTC. Every stored copy is upright with only the colour profile kept: an upright JPEG as its own
 * pixels with those segments cut, anything else re-encoded from the decoded pixels.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS, PREPARED_LONG_SIDE } from '@flipstage/core';
import {
  ImageTooLarge,
  ImageUnreadable,
  LISTING_VARIANT_WIDTHS,
  STORED_PHOTO_EXTS,
  type Images,
  type ListingCopies,
  type PreparedImage,
  type SniffedImage,
  type WebImage,
} from '../../ports/images.js';
import { StagingError } from '../../ports/stager.js';
import { decodePhoto, READ_OPTIONS } from './decode.js';
import { decodeHeif } from './heif.js';
import { marketplacePhoto } from './marketplacePhoto.js';
import { strippedJpeg } from './jpegSegments.js';
import { rawTiff } from './rawTiff.js';

const THUMB_SIZE = 128;
/** Variants are shown at their own size or smaller, where 80 looks like the stored copy's 90 in fewer bytes. */
const VARIANT_QUALITY = 80;

const FORMATS: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  avif: { contentType: 'image/avif', ext: 'avif' },
  heif: { contentType: 'image/heic', ext: 'heic' },
  tiff: { contentType: 'image/tiff', ext: 'tiff' },
};

/** Each upload's header, read once for the sniff and the door's decode that runs beside it. */
const headers = new WeakMap<Uint8Array, Promise<Metadata>>();

function header(data: Uint8Array): Promise<Metadata> {
  let reading = headers.get(data);
  if (!reading) {
    reading = sharp(data, { limitInputPixels: false }).metadata();
    headers.set(data, reading);
  }
  return reading;
}

function sniffedFrom(meta: Metadata): SniffedImage | null {
  const format = meta.format ? FORMATS[meta.format] : undefined;
  if (!format || !meta.width || !meta.height) return null;
  return { ...format, width: meta.width, height: meta.height };
}

async function sniffImage(data: Uint8Array): Promise<SniffedImage | null> {
  try {
    return sniffedFrom(await header(data));
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
function storedExt(sniffed: SniffedImage, transparent: boolean): string {
  if ((STORED_PHOTO_EXTS as readonly string[]).includes(sniffed.ext)) return sniffed.ext;
  return transparent ? 'png' : 'jpg';
}

/**
 * `streamed` JPEGs keep libjpeg's standard Huffman tables: optimised tables need the whole image's
 * coefficients held until the last row (34 MB for a prepared 4096 × 2731 photo, beside the
 * staging), where standard ones let each band be written as it arrives; the pixels are the same
 * and the file bigger (8 % for a grainy 4096 × 2731 camera photo, 23 % for a smooth phone photo).
 */
async function encodedAs(pipeline: Sharp, ext: string, streamed = false): Promise<WebImage> {
  if (ext === 'jpg')
    return {
      data: await encoded(pipeline.jpeg({ quality: 90, optimiseCoding: !streamed })),
      contentType: 'image/jpeg',
      ext,
    };
  if (ext === 'webp') return { data: await encoded(pipeline.webp({ quality: 90 })), contentType: 'image/webp', ext };
  return { data: await encoded(pipeline.png()), contentType: 'image/png', ext };
}

async function webCopy(source: Uint8Array, sniffed: SniffedImage): Promise<WebImage> {
  const transparent = (await sharp(source, READ_OPTIONS).metadata()).hasAlpha;
  return encodedAs(upright(source), storedExt(sniffed, transparent));
}

/**
 * An upright RGB JPEG within the bound needs nothing done to its pixels: it is prepared as its own
 * compressed pixels with its metadata segments cut, and nothing is decoded here. Each reader then
 * decodes only the size it needs (JPEG shrink-on-load): the engine's analysis copy is an eighth of
 * a phone photo. A file cut short has no end marker, so strippedJpeg refuses it and the full
 * decode below finds it damaged.
 */
function asUploadedJpeg(data: Uint8Array, meta: Metadata, upload: SniffedImage): PreparedImage | null {
  const upright =
    meta.format === 'jpeg' && meta.channels === 3 && meta.space === 'srgb' && (meta.orientation ?? 1) === 1;
  if (!upright || Math.max(upload.width, upload.height) > PREPARED_LONG_SIDE) return null;
  const stripped = strippedJpeg(data);
  if (!stripped) return null;
  return { data: stripped, format: 'jpeg', width: upload.width, height: upload.height, alpha: false, sniffed: upload };
}

/**
 * An RGB JPEG past the bound is resampled here whatever happens, so its exact pixels are gone
 * anyway: it is prepared as what storage kept of it before, a quality-90 JPEG of the shrunk,
 * upright photo with only its colour profile, written band by band (standard Huffman tables, see
 * encodedAs). Decoded rows stream from the upload's decoder through the resize into the encoder,
 * so the door holds a few megabytes of JPEG rather than a 34 MB TIFF for the whole staging;
 * storage keeps it as it is, and the engine's readers decode only the size each needs
 * (shrink-on-load) instead of the whole picture each time.
 */
async function shrunkJpeg(data: Uint8Array, meta: Metadata, upload: SniffedImage): Promise<PreparedImage | null> {
  const rgb = meta.format === 'jpeg' && meta.channels === 3 && meta.space === 'srgb';
  if (!rgb || Math.max(upload.width, upload.height) <= PREPARED_LONG_SIDE) return null;
  const { data: jpeg, info } = await sharp(data, READ_OPTIONS)
    .autoOrient()
    .resize({ width: PREPARED_LONG_SIDE, height: PREPARED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .keepIccProfile()
    .jpeg({ quality: 90, optimiseCoding: false })
    .toBuffer({ resolveWithObject: true });
  return { data: jpeg, format: 'jpeg', width: info.width, height: info.height, alpha: false, sniffed: upload };
}

/**
 * The staging door: header, then for anything but an upright JPEG within the bound (as uploaded)
 * or an RGB JPEG past it (shrunkJpeg) the one decode (shrunk on load past PREPARED_LONG_SIDE),
 * EXIF orientation applied, kept as 8-bit colour in an uncompressed TIFF with no metadata but an
 * RGB photo's colour profile (an iPhone's Display P3 stays P3; every reader converts to sRGB
 * itself). CMYK and greyscale become sRGB here. HEVC HEIC, which sharp cannot read, goes through
 * libheif.
 */
async function prepare(data: Uint8Array): Promise<PreparedImage> {
  try {
    const meta = await header(data);
    const upload = sniffedFrom(meta);
    if (!upload) throw new Error(`not a staged format: ${meta.format}`);
    // Refused from the header, before libheif (which has no pixel limit of its own) decodes a
    // HEIC: this runs beside the sniff, not after its refusal.
    if (upload.width * upload.height > MAX_INPUT_PIXELS) {
      throw new ImageTooLarge({ cause: new Error(`${upload.width}x${upload.height} pixels`) });
    }
    const asJpeg = asUploadedJpeg(data, meta, upload) ?? (await shrunkJpeg(data, meta, upload));
    if (asJpeg) return asJpeg;
    const readable =
      meta.format === 'heif' && meta.compression === 'hevc' ? rawTiff(await decodeHeif(data), meta.icc) : data;
    const profile = meta.space === 'srgb' || meta.space === 'rgb16' ? meta.icc : undefined;
    const pipeline = sharp(readable, READ_OPTIONS)
      .autoOrient()
      .resize({ width: PREPARED_LONG_SIDE, height: PREPARED_LONG_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data: pixels, info } = await (profile ? pipeline.keepIccProfile() : pipeline.toColourspace('srgb'))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    if (channels !== 3 && channels !== 4) throw new Error(`decoded to ${channels} channels`);
    const tiff = rawTiff({ data: pixels, width, height, channels }, profile);
    return { data: tiff, format: 'tiff', width, height, alpha: channels === 4, sniffed: upload };
  } catch (error) {
    if (error instanceof ImageTooLarge) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageTooLarge({ cause: error });
    throw new ImageUnreadable({ cause: error });
  }
}

/**
 * A prepared JPEG is stored as it is (no encode, and no loss); decoded pixels are encoded with
 * their colour profile, and sharp writes no other metadata. The encode runs beside the stager, so
 * a JPEG is written band by band (`streamed`) rather than held whole.
 */
async function storable(prepared: PreparedImage): Promise<WebImage> {
  if (prepared.format === 'jpeg') return { data: prepared.data, contentType: 'image/jpeg', ext: 'jpg' };
  return encodedAs(
    sharp(prepared.data, READ_OPTIONS).keepIccProfile(),
    storedExt(prepared.sniffed, prepared.alpha),
    true,
  );
}

/**
 * The one full decode the thumbnail and every variant share: the upright photo at the widest size
 * any of them needs, uncompressed (so reading it again is a copy, not a decode) and with its colour
 * profile. At most 1600 px wide, a few megabytes, where each copy decoding the upload would hold a
 * full-size photo of up to MAX_INPUT_PIXELS again.
 */
async function resizeBase(
  source: Uint8Array,
  width: number,
  height: number,
  widths: readonly number[],
): Promise<Uint8Array> {
  // A wide panorama still needs THUMB_SIZE rows for its cover thumbnail.
  const needed = Math.max(widths.at(-1) ?? 0, Math.ceil((THUMB_SIZE * width) / height));
  const pipeline = upright(source);
  if (needed < width) pipeline.resize({ width: needed });
  return encoded(pipeline.tiff({ compression: 'none' }));
}

/** Variants keep what a browser can show of the stored copy: WebP where it may be see-through or is WebP already, else JPEG. */
async function variantCopy(base: Uint8Array, width: number, ext: string): Promise<WebImage & { width: number }> {
  const pipeline = sharp(base).keepIccProfile().resize({ width });
  if (ext === 'jpg')
    return { width, data: await encoded(pipeline.jpeg({ quality: VARIANT_QUALITY })), contentType: 'image/jpeg', ext };
  return { width, data: await encoded(pipeline.webp({ quality: VARIANT_QUALITY })), contentType: 'image/webp', ext };
}

async function listingCopies(data: Uint8Array, sniffed: SniffedImage): Promise<ListingCopies> {
  const source = await decodeUpload(data);
  const image = await webCopy(source, sniffed);
  const { width, height } = (await sharp(source, READ_OPTIONS).metadata()).autoOrient;
  const widths = LISTING_VARIANT_WIDTHS.filter((w) => w < width);
  const base = await resizeBase(source, width, height, widths);
  const thumb = await encoded(
    sharp(base)
      .keepIccProfile()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 }),
  );
  const ext = image.ext === 'jpg' ? 'jpg' : 'webp';
  const variants: ListingCopies['variants'] = [];
  // One at a time, like the photos themselves: the encoders' buffers add up.
  for (const w of widths) variants.push(await variantCopy(base, w, ext));
  return { image, thumb, width, height, variants };
}

export function createUploadedImages(): Images {
  return {
    sniff: sniffImage,
    prepare,
    storable,
    listingCopies,
    marketplacePhoto,
  };
}
