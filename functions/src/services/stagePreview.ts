/**
 * POST /api/stage/preview: the engine's judgement of a photo before a credit is spent. Nothing
 * is stored and nothing is charged; the rate limits of staging apply at the door.
 */
import { MESSAGES, type StagePreview } from '@flipstage/core';
import type { PhotoAnalysis } from '../ports/analysis.js';
import type { Images } from '../ports/images.js';
import { invalid } from './errors.js';
import { parseSellerMark, toServiceError, type StageRequest } from './staging.js';
import { checkedUpload } from './uploads.js';

export interface PreviewDeps {
  analysis: PhotoAnalysis;
  images: Images;
}

export async function previewStaging(
  deps: PreviewDeps,
  request: {
    image: Uint8Array | null;
    fields: Pick<StageRequest['fields'], 'subject' | 'strokes' | 'confirmedFurniture'>;
  },
): Promise<StagePreview> {
  const mark = parseSellerMark(request.fields);
  const image = request.image;
  if (!image || image.byteLength === 0) throw invalid(MESSAGES.imageFileRequired);
  await checkedUpload(deps.images, image, MESSAGES.unsupportedImage);
  try {
    return await deps.analysis.analyse(image, mark);
  } catch (error) {
    throw toServiceError(error);
  }
}
