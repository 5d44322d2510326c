import type { HeicReply, HeicRequest } from './heicPreview.worker';
import { workerCall } from './workerCalls';

/** Decoding a 12-megapixel HEIC takes about a second, so it runs off the main thread. */
const decodeInWorker = workerCall<HeicRequest, HeicReply>(
  () => new Worker(new URL('./heicPreview.worker.ts', import.meta.url), { type: 'module' }),
);

/** A JPEG of the HEIC to show (the marketplace lists the HEIC itself). */
export async function previewHeic(file: Blob): Promise<Blob> {
  return (await decodeInWorker({ file, forStaging: false })).preview;
}

/** A JPEG of the HEIC to show, and the photo shrunk when it is above what the engine uses. */
export function prepareHeic(file: Blob): Promise<HeicReply> {
  return decodeInWorker({ file, forStaging: true });
}
