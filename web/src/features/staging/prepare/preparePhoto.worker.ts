/// <reference lib="webworker" />
import { shrinkToJpeg } from './shrink';
import { withinLimits } from './sizing';
import { serveInWorker } from './workerCalls';

/** The photo shrunk to what the engine uses, or null when it can be sent as it is. */
export type ShrinkReply = Blob | null;

async function shrinkIfNeeded(file: Blob): Promise<ShrinkReply> {
  // Decoding also proves the browser can read the file. 'from-image' applies the camera's EXIF
  // orientation, so the pixels (and the JPEG made of them) stand upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    return withinLimits({ ...size, bytes: file.size }) ? null : await shrinkToJpeg(bitmap, size);
  } finally {
    bitmap.close();
  }
}

serveInWorker<Blob, ShrinkReply>(self as DedicatedWorkerGlobalScope, shrinkIfNeeded);
