import type { PreviewReply, PreviewRequest } from './heicPreview.worker';

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();

/** Decoding a 12-megapixel HEIC takes about a second, so it runs off the main thread. */
function previewWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./heicPreview.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<PreviewReply>) => {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (!request) return;
    if ('blob' in data) request.resolve(data.blob);
    else request.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    for (const request of pending.values()) request.reject(new Error(event.message || 'HEIC preview worker failed'));
    pending.clear();
    worker = null;
  };
  return worker;
}

export function previewHeic(file: Blob): Promise<Blob> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    previewWorker().postMessage({ id, file } satisfies PreviewRequest);
  });
}
