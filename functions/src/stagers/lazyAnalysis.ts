import type { PhotoAnalysis } from '../ports/analysis.js';

/**
 * The PhotoAnalysis port whose engine (sharp, onnxruntime, the models) loads on the first
 * preview, for the reason createLazyImages gives.
 */
export function createLazyPhotoAnalysis(): PhotoAnalysis {
  let loaded: Promise<PhotoAnalysis> | undefined;
  const analysis = () => (loaded ??= import('./engine/analysePhoto.js').then((m) => m.createPhotoAnalysis()));
  return { analyse: async (image, mark) => (await analysis()).analyse(image, mark) };
}
