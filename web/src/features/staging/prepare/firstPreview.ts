import { isHeic } from './heicFiles';

/**
 * What a HEIC shows until its preview is decoded: an empty picture, with no size, so nothing
 * (a check for pixels included) takes it for the photo. The file itself would be a broken image
 * in most browsers, and the studio keeps a broken original marked as broken.
 */
const NOTHING_YET = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/>")}`;

/** The picture a photo shows from the moment it is added: the file itself where the browser can show it. */
export function firstPreviewUrl(file: File): string {
  return isHeic(file) ? NOTHING_YET : URL.createObjectURL(file);
}
