import { API_PATHS, IDEMPOTENCY_HEADER, type StageRequestFields, type StageResponse } from '@flipstage/core';
import { ApiError, apiFetch, type ApiFetchInit } from './http';

export interface StageImageRequest extends StageRequestFields {
  /** "Try another room": 0 for a photo's first result, then 1, 2, … for each further room. */
  variant: number;
  file: File;
  /** One key per image and attempt: the server returns the first result for a repeated key and never debits twice. */
  idempotencyKey: string;
}

export interface StagingBackend {
  stage(request: StageImageRequest): Promise<StageResponse>;
}

type FetchApi = <T>(path: string, init?: ApiFetchInit) => Promise<T>;

export const STAGE_NETWORK_ATTEMPTS = 3;
const RETRY_BASE_DELAY_MS = 500;

function stageForm(request: StageImageRequest): FormData {
  const form = new FormData();
  form.append('imageFile', request.file, request.file.name);
  form.append('prompt', request.prompt);
  form.append('style', request.style);
  form.append('furnitureType', request.furnitureType);
  form.append('mode', request.mode);
  form.append('variant', String(request.variant));
  return form;
}

/**
 * Retried with the same key, so a request that was charged is never charged again: no answer at
 * all; a gateway's 502/503/504 (Hosting gives up on a slow function with a bare 504, while the
 * function may still finish); and 409, the same key still in progress elsewhere.
 */
const RETRIED_STATUSES = new Set([409, 502, 503, 504]);

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRIED_STATUSES.has(error.status);
  return !(error instanceof DOMException && error.name === 'AbortError');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHttpStagingBackend(
  fetchApi: FetchApi = apiFetch,
  retryDelayMs: number = RETRY_BASE_DELAY_MS,
): StagingBackend {
  return {
    async stage(request) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fetchApi<StageResponse>(API_PATHS.stage, {
            method: 'POST',
            form: stageForm(request),
            headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
          });
        } catch (error) {
          if (attempt >= STAGE_NETWORK_ATTEMPTS || !isRetryable(error)) throw error;
          await wait(retryDelayMs * attempt);
        }
      }
    },
  };
}
