import type { ShrinkReply } from './preparePhoto.worker';
import { workerCall } from './workerCalls';

/** Decoding a 48 MP photo takes seconds: off the main thread, the studio stays responsive. */
export const shrinkInWorker = workerCall<Blob, ShrinkReply>(
  () => new Worker(new URL('./preparePhoto.worker.ts', import.meta.url), { type: 'module' }),
);
