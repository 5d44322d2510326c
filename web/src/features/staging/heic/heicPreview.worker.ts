/// <reference lib="webworker" />
import { decodeHeicPixels } from './heicPixels';

export interface PreviewRequest {
  id: number;
  file: Blob;
}
export type PreviewReply = { id: number; blob: Blob } | { id: number; error: string };

/** Large enough for the studio's panels and the before/after slider, small enough to encode fast. */
const PREVIEW_LONG_SIDE = 1600;

async function toPreview(file: Blob): Promise<Blob> {
  const { data, width, height } = await decodeHeicPixels(new Uint8Array(await file.arrayBuffer()));
  const full = new OffscreenCanvas(width, height);
  full.getContext('2d')!.putImageData(new ImageData(data, width, height), 0, 0);
  const scale = Math.min(1, PREVIEW_LONG_SIDE / Math.max(width, height));
  const preview = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale));
  preview.getContext('2d')!.drawImage(full, 0, 0, preview.width, preview.height);
  return preview.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

self.onmessage = async ({ data }: MessageEvent<PreviewRequest>) => {
  let reply: PreviewReply;
  try {
    reply = { id: data.id, blob: await toPreview(data.file) };
  } catch (error) {
    reply = { id: data.id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
