/// <reference lib="webworker" />
import { decodeHeicPixels } from './heicPixels';
import { shrinkToJpeg } from './shrink';
import { withinLimits } from './sizing';
import { serveInWorker } from './workerCalls';

export interface HeicRequest {
  file: Blob;
  /** For staging: also shrink the photo when it is above what the engine uses. */
  forStaging: boolean;
}
export interface HeicReply {
  /** A JPEG the browser can show. */
  preview: Blob;
  /** The photo as a JPEG within the limits, or null when the HEIC itself can be sent. */
  shrunk: Blob | null;
}

/** Large enough for the studio's panels and the before/after slider, small enough to encode fast. */
const PREVIEW_LONG_SIDE = 1600;

async function decode({ file, forStaging }: HeicRequest): Promise<HeicReply> {
  const { data, width, height } = await decodeHeicPixels(new Uint8Array(await file.arrayBuffer()));
  const full = new OffscreenCanvas(width, height);
  full.getContext('2d')!.putImageData(new ImageData(data, width, height), 0, 0);
  const scale = Math.min(1, PREVIEW_LONG_SIDE / Math.max(width, height));
  const preview = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale));
  preview.getContext('2d')!.drawImage(full, 0, 0, preview.width, preview.height);
  const over = forStaging && !withinLimits({ width, height, bytes: file.size });
  return {
    preview: await preview.convertToBlob({ type: 'image/jpeg', quality: 0.9 }),
    shrunk: over ? await shrinkToJpeg(full, { width, height }) : null,
  };
}

serveInWorker<HeicRequest, HeicReply>(self as DedicatedWorkerGlobalScope, decode);
