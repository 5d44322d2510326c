/**
 * An engine worker thread (pooledEngine.ts starts it): stages and analyses photos with the offline
 * engine, one job at a time. The engine's modules load with the thread, which the pool starts on
 * the first job that finds no idle worker; the models and plates load on their first use and stay
 * for every job after.
 */
import { workerData } from 'node:worker_threads';
import { createPhotoAnalysis } from '../engine/analysePhoto.js';
import { createLocalStager } from '../engine/localStager.js';
import { shareModelRuns } from '../engine/modelQueue.js';
import type { AnalyseJob, EngineWorkerData, StageJob } from './pooledEngine.js';
import { serveJobs } from './workerJobs.js';

shareModelRuns((workerData as EngineWorkerData).modelLock);
const stager = createLocalStager();
const analysis = createPhotoAnalysis();

serveJobs({
  async stage(payload, emit) {
    const output = await stager.stage({ ...(payload as StageJob), onProgress: emit });
    // A buffer of its own to hand over: sharp's output buffers are native memory, which cannot be transferred.
    const jpeg = new Uint8Array(output.jpeg);
    return { value: { ...output, jpeg }, transfer: [jpeg.buffer] };
  },
  async analyse(payload) {
    const { image, mark } = payload as AnalyseJob;
    return { value: await analysis.analyse(image, mark) };
  },
});
