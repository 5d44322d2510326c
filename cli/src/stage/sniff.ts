/**
 * Recognises an image by its first bytes, never by its file name: a photo saved as `.txt` is
 * staged and a text file named `.jpg` is skipped. Decoding is the server's job; a corrupt JPEG
 * passes here and fails there (and its credit is refunded).
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heic' | 'heif' | 'avif';

export const SNIFF_BYTES = 32;

export const CONTENT_TYPES: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
};

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'];
const HEIF_BRANDS = ['mif1', 'msf1'];
const AVIF_BRANDS = ['avif', 'avis'];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((value, i) => bytes[offset + i] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function sniffImage(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (AVIF_BRANDS.includes(brand)) return 'avif';
    if (HEIC_BRANDS.includes(brand)) return 'heic';
    if (HEIF_BRANDS.includes(brand)) return 'heif';
  }
  return null;
}
