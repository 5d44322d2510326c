import { fileTypeFromFile } from 'file-type';

/**
 * Recognises an image by its content, never by its file name: a photo saved as `.txt` is
 * staged and a text file named `.jpg` is skipped. Decoding is the server's job; a corrupt JPEG
 * passes here and fails there (and its credit is refunded).
 */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heic' | 'heif' | 'avif';

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

/** What file-type names each accepted file; anything it names otherwise, or not at all, is not a photo to stage. */
const KIND_OF_MIME: Readonly<Record<string, ImageKind>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  // An animated PNG opens with an ordinary PNG frame.
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  // Camera raws built on TIFF were always sent as TIFFs; the server decides whether it can read them.
  'image/x-canon-cr2': 'tiff',
  'image/x-nikon-nef': 'tiff',
  'image/x-sony-arw': 'tiff',
  'image/x-adobe-dng': 'tiff',
  'image/heic': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif': 'heif',
  'image/heif-sequence': 'heif',
  'image/avif': 'avif',
};

/** Reads only as much of the file as telling its kind needs (a TIFF's directory may lie anywhere in it). */
export async function sniffFile(path: string): Promise<ImageKind | null> {
  const type = await fileTypeFromFile(path);
  return (type && KIND_OF_MIME[type.mime]) ?? null;
}
