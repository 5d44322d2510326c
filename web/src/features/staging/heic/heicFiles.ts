/**
 * Browsers cannot show HEIC, the format iPhones shoot in, so the studio converts such a file for
 * its preview only; the original bytes are still what gets staged (the server decodes them).
 */

const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export function isHeic(file: File): boolean {
  return HEIC_TYPES.has(file.type.toLowerCase()) || /\.(heic|heif)$/i.test(file.name);
}

/** Turns a HEIC into an image the browser can display. */
export type HeicPreviewer = (file: Blob) => Promise<Blob>;

/** The decoder (WebAssembly, about 0.7 MB gzip) loads only when the first HEIC is added. */
export const previewHeicInWorker: HeicPreviewer = async (file) => (await import('./heicWorkerClient')).previewHeic(file);

export function unreadableHeicMessage(names: readonly string[]): string {
  const list = names.join(', ');
  return names.length === 1
    ? `${list} could not be opened in this browser, so it was left out. Export it as JPEG or PNG and add it again.`
    : `${list} could not be opened in this browser, so they were left out. Export them as JPEG or PNG and add them again.`;
}
