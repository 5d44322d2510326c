import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  stageFormEntries,
  type StageRequestFields,
  type StageResponse,
} from '@flipstage/core';
import { ApiError, type ApiFetch } from './http';
import { contracts } from './contracts';

export interface StageImageRequest extends StageRequestFields {
  /** "Try another room": 0 for a photo's first result, then 1, 2, … for each further room. */
  variant: number;
  file: File;
  /** One key per image and attempt: the server returns the first result for a repeated key and never debits twice. */
  idempotencyKey: string;
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

export function createHttpStagingDriver(fetchApi: ApiFetch): StagingDriver {
  return {
    stage: (request) =>
      fetchApi<StageResponse>(API_PATHS.stage, {
        schema: contracts.stageResponse,
        method: 'POST',
        form: stageForm(request),
        headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
      }),
  };
}

export const STAGE_NETWORK_ATTEMPTS = 3;
const RETRY_BASE_DELAY_MS = 500;

/**
 * Retried with the same key, so a request that was charged is never charged again: no answer at
 * all; a gateway's 502/503/504 (Hosting gives up on a slow function with a bare 504, while the
 * function may still finish); and 409, the same key still in progress elsewhere.
 */
const RETRIED_STATUSES = new Set([409, 502, 503, 504]);

export function isRetryableStageError(error: unknown): boolean {
  if (error instanceof ApiError) return RETRIED_STATUSES.has(error.status);
  return !(error instanceof DOMException && error.name === 'AbortError');
}

export const STAGE_MUTATION_KEY = ['stage'] as const;

/**
 * React Query's retry options for the staging mutation (STAGE_MUTATION_KEY's defaults). `networkMode: 'always'` keeps an offline
 * attempt failing (and retried) as before, instead of pausing until the browser reports a network.
 */
export function stageRetryOptions(baseDelayMs: number = RETRY_BASE_DELAY_MS) {
  return {
    networkMode: 'always',
    retry: (failures: number, error: unknown) => failures + 1 < STAGE_NETWORK_ATTEMPTS && isRetryableStageError(error),
    retryDelay: (failures: number) => baseDelayMs * (failures + 1),
  } as const;
}
