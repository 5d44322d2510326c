import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  STAGE_FILE_FIELD,
  STAGE_PROGRESS_KEY_PARAM,
  sellerMarkEntries,
  stageFormEntries,
  type SellerMark,
  type StagePreview,
  type StageProgress,
  type StageTextField,
  type StageRequestFields,
  type StageResponse,
} from '@flipstage/core';
import { ApiError, type ApiFetch, type ApiRetry } from './http';
import { contracts } from './contracts';

export interface StageImageRequest extends StageRequestFields, StudioMark {
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
  /**
   * The engine's judgement of a photo before anything is charged: its outline, whether it is
   * furniture, the type it looks like, for the photo as the seller marked it. Signed in only; no
   * credit is used. Aborted by `signal` when a newer mark makes the answer stale.
   */
  preview(file: File, mark: StudioMark, signal?: AbortSignal): Promise<StagePreview>;
  /**
   * How far the server has got with the staging sent with this Idempotency-Key; null while it
   * has not arrived, or once it failed. Left out by a driver with no server to ask: the progress
   * bar then counts finished photos only.
   */
  progress?(idempotencyKey: string): Promise<StageProgress | null>;
}

/**
 * The studio's mark: as core's, with null for a tap, box or strokes the seller has not made (the
 * studio's state keeps nulls).
 */
export type StudioMark = { [K in keyof SellerMark]?: SellerMark[K] | null };

const coreMark = (mark: StudioMark): SellerMark => ({
  subject: mark.subject ?? undefined,
  strokes: mark.strokes ?? undefined,
  confirmedFurniture: mark.confirmedFurniture ?? undefined,
});

function multipart(file: File, entries: ReadonlyArray<readonly [StageTextField, string]>): FormData {
  const form = new FormData();
  form.append(STAGE_FILE_FIELD, file, file.name);
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** The size is left out: the plan decides HD on the server. */
function stageForm(request: StageImageRequest): FormData {
  const { prompt, style, furnitureType, mode, variant } = request;
  return multipart(
    request.file,
    stageFormEntries({ prompt, style, furnitureType, mode, variant, ...coreMark(request) }).entries,
  );
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
    preview: (file, mark, signal) =>
      fetchApi<StagePreview>(API_PATHS.stagePreview, {
        schema: contracts.stagePreview,
        method: 'POST',
        // Only the mark: a preview judges the photo, not the room it would be staged in.
        form: multipart(file, sellerMarkEntries(coreMark(mark))),
        signal,
      }),
    progress: (idempotencyKey) =>
      fetchApi<StageProgress>(
        `${API_PATHS.stageProgress}?${new URLSearchParams({ [STAGE_PROGRESS_KEY_PARAM]: idempotencyKey })}`,
        { schema: contracts.stageProgress },
      ).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  };
}
