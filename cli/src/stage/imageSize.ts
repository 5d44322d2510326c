import { readFile } from 'node:fs/promises';

export interface Size {
  width: number;
  height: number;
}

/** EXIF orientations 5 to 8 turn the photo a quarter: its shown width is its stored height. */
const turnsAQuarter = (orientation: number) => orientation >= 5 && orientation <= 8;

/** The Orientation tag (0x0112) of a TIFF structure (an EXIF block after its "Exif\0\0"), 1 when absent. */
export function tiffOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return 1;
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0];
const startsWith = (bytes: Uint8Array, at: number, prefix: readonly number[]) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** A frame header (SOFn) gives the stored size; an APP1 EXIF block may turn it. */
function jpegSize(bytes: Uint8Array, view: DataView): Size | null {
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame && at + 9 <= bytes.length) {
      const stored = { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      return turnsAQuarter(orientation) ? { width: stored.height, height: stored.width } : stored;
    }
    if (marker === 0xe1 && startsWith(bytes, at + 4, EXIF_HEADER))
      orientation = tiffOrientation(bytes.subarray(at + 10, at + 2 + length));
    at += 2 + length;
  }
  return null;
}

/** IHDR gives the size; an eXIf chunk before the pixels may turn it. */
function pngSize(bytes: Uint8Array, view: DataView): Size | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const stored = { width: view.getUint32(16), height: view.getUint32(20) };
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    if (type === 'IDAT') break;
    if (type === 'eXIf' && turnsAQuarter(tiffOrientation(bytes.subarray(at + 8, at + 8 + length))))
      return { width: stored.height, height: stored.width };
    at += 12 + length;
  }
  return stored;
}

/** The first chunk (VP8, VP8L or VP8X) gives the size; an EXIF chunk may turn it. */
function webpSize(bytes: Uint8Array, view: DataView): Size | null {
  const first = ascii(bytes, 12, 4);
  let stored: Size;
  if (first === 'VP8 ' && bytes.length >= 30)
    stored = { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  else if (first === 'VP8L' && bytes.length >= 25) {
    const bits = view.getUint32(21, true);
    stored = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  } else if (first === 'VP8X' && bytes.length >= 30) {
    const u24 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
    stored = { width: u24(24) + 1, height: u24(27) + 1 };
  } else return null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const length = view.getUint32(at + 4, true);
    if (ascii(bytes, at, 4) === 'EXIF') {
      let exif = bytes.subarray(at + 8, at + 8 + length);
      if (startsWith(exif, 0, EXIF_HEADER)) exif = exif.subarray(6);
      if (turnsAQuarter(tiffOrientation(exif))) return { width: stored.height, height: stored.width };
    }
    at += 8 + length + (length % 2);
  }
  return stored;
}

/** The size of an image as viewers show it (upright), from its header; null for a kind not read here. */
export function orientedSizeOf(bytes: Uint8Array): Size | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (startsWith(bytes, 0, [0xff, 0xd8])) return jpegSize(bytes, view);
    if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47])) return pngSize(bytes, view);
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpSize(bytes, view);
  } catch (error) {
    // A header cut short reads past the end: the size is unknown, not an error of its own.
    if (error instanceof RangeError) return null;
    throw error;
  }
  return null;
}

export async function orientedSize(path: string): Promise<Size | null> {
  const size = orientedSizeOf(await readFile(path));
  return size && size.width > 0 && size.height > 0 ? size : null;
}
