import { API_PATHS, IDEMPOTENCY_HEADER, type StageRequestFields, type StageResponse } from '@flipstage/core';
import { ApiError, apiFetch, type ApiFetchInit } from './http';

export interface StageImageRequest extends StageRequestFields {
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
  return form;
}

/** A request that never got an answer may still have been charged, so only those are retried, with the same key. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');
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
          if (attempt >= STAGE_NETWORK_ATTEMPTS || !isNetworkFailure(error)) throw error;
          await wait(retryDelayMs * attempt);
        }
      }
    },
  };
}
