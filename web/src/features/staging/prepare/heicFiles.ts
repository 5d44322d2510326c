/**
 * Browsers cannot show HEIC, the format iPhones shoot in, so the studio converts such a file for
 * its preview; the original bytes are what gets staged (the server decodes them) unless the photo
 * is above what the engine uses (prepare/).
 */

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export function isHeic(file: File): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || /\.(heic|heif)$/i.test(file.name);
}

/** Turns a HEIC into an image the browser can display. */
export type HeicPreviewer = (file: Blob) => Promise<Blob>;

/** The decoder (WebAssembly, about 0.7 MB gzip) loads only when the first HEIC is added. */
export const previewHeicInWorker: HeicPreviewer = async (file) =>
  (await import('./heicWorkerClient')).previewHeic(file);
