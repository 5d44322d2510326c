import { isHeic } from '../heic/heicFiles';

/**
 * What a HEIC shows until its preview is decoded: a plain 4:3 panel. The file itself would be a
 * broken image in most browsers, and the studio keeps a broken original marked as broken.
 */
const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'><rect width='4' height='3' fill='#f1f3f5'/></svg>",
)}`;

/** The picture a photo shows from the moment it is added: the file itself where the browser can show it. */
export function firstPreviewUrl(file: File): string {
  return isHeic(file) ? PLACEHOLDER : URL.createObjectURL(file);
}
