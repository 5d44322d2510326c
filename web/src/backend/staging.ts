import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  stageFormEntries,
  type StageRequestFields,
  type StageResponse,
} from '@flipstage/core';
import type { ApiFetch, ApiRetry } from './http';
import { contracts } from './contracts';

export interface StageImageRequest extends StageRequestFields {
  /** "Try another room": 0 for a photo's first result, then 1, 2, … for each further room. */
  variant: number;
  file: File;
  /** One key per image and attempt: the server returns the first result for a repeated key and never debits twice. */
  idempotencyKey: string;
  /** Told each time the backend is busy and the request waits to be sent again, with the same key. */
  onRetry?: (retry: ApiRetry) => void;
}

export interface StagingDriver {
  stage(request: StageImageRequest): Promise<StageResponse>;
}

/** The size is left out: the plan decides HD on the server. */
function stageForm(request: StageImageRequest): FormData {
  const { fileField, entries } = stageFormEntries({
    prompt: request.prompt,
    style: request.style,
    furnitureType: request.furnitureType,
    mode: request.mode,
    variant: request.variant,
  });
  const form = new FormData();
  form.append(fileField, request.file, request.file.name);
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/**
 * Retries are apiFetch's (core's one retry policy): 429 and 503, and, because the request carries
 * its Idempotency-Key, also 409 (the same key still in progress elsewhere), other 5xx (Hosting gives
 * up on a slow function with a bare 504 while the function may still finish) and no answer at all.
 */
export function createHttpStagingDriver(fetchApi: ApiFetch): StagingDriver {
  return {
    stage: (request) =>
      fetchApi<StageResponse>(API_PATHS.stage, {
        schema: contracts.stageResponse,
        method: 'POST',
        form: stageForm(request),
        headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
        onRetry: request.onRetry,
      }),
  };
}
