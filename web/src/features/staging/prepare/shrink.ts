import { PREPARED_JPEG_QUALITY, preparedDimensions, type Dimensions } from './sizing';

/**
 * Draws upright pixels at the prepared size and encodes them as a JPEG, which carries no
 * orientation tag: the pixels already stand the way the camera held them.
 */
export async function shrinkToJpeg(source: CanvasImageSource, size: Dimensions): Promise<Blob> {
  const { width, height } = preparedDimensions(size);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw off the main thread');
  // JPEG has no transparency: a cut-out on a clear background goes on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: PREPARED_JPEG_QUALITY });
}
