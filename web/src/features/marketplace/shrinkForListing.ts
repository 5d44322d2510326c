/**
 * Listing photos are sent at most 2560 px on their long side: sharper than any listing page shows
 * them, and a phone's 4 MB, 12 MP JPEG becomes about 1 MB, so eight fit in the API's 30 MB with
 * room to spare. Only JPEG and WebP are re-encoded (a PNG may be a transparent cut-out); anything
 * the browser cannot decode (HEIC) goes as it is and the server converts it.
 */
const LONG_SIDE = 2560;
const QUALITY = 0.9;
/** A photo already this small and within the long side is sent untouched. */
const SMALL_ENOUGH_BYTES = 1.5 * 1024 * 1024;

export async function shrinkForListing(file: File): Promise<File> {
  if (file.type !== 'image/jpeg' && file.type !== 'image/webp') return file;
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) return file;
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
    if (blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}
