/**
 * The rules every uploaded picture meets before anything is stored: a supported raster image by
 * its content, at most MAX_INPUT_PIXELS, pixels that decode. Each refusal is the message the
 * caller was promised.
 */
import { MAX_INPUT_PIXELS, MESSAGES } from '@flipstage/core';
import { ImageTooLarge, ImageUnreadable, type Images, type SniffedImage } from '../ports/images.js';
import { invalid, ServiceError } from './errors.js';

const tooLarge = (cause?: unknown) => new ServiceError('too-large', MESSAGES.imageTooLarge, { cause });

/** The sniffed upload, or the refusal: `notAnImage` when the bytes are no image we read. */
export async function checkedUpload(images: Images, data: Uint8Array, notAnImage: string): Promise<SniffedImage> {
  const sniffed = await images.sniff(data);
  if (!sniffed) throw invalid(notAnImage);
  if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) throw tooLarge();
  return sniffed;
}

/** Runs a decode of a checked upload, turning the port's failures into the promised messages. */
export async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageTooLarge) throw tooLarge(error);
    if (error instanceof ImageUnreadable) throw new ServiceError('invalid', MESSAGES.imageDamaged, { cause: error });
    throw error;
  }
}
