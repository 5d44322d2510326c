import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  STAGE_FILE_FIELD,
  STAGE_PROGRESS_KEY_PARAM,
  stageFormEntries,
  type StageFormInput,
  type StagePreview,
  type StageProgress,
  type StageTextField,
  type StageRequestFields,
  type StageResponse,
  type BrushMask,
  type SubjectHint,
} from '@flipstage/core';
import { ApiError, type ApiFetch, type ApiRetry } from './http';
import { contracts } from './contracts';

/** What the seller said about the piece on a photo: sent with its preview and its staging. */
export interface SellerMark {
  /** The piece the seller marked (a tap or a box); left out, the engine finds it. */
  subject?: SubjectHint | null | undefined;
  /** The parts the seller painted to keep or drop; left out or unpainted, none. */
  strokes?: BrushMask | null | undefined;
  /** The seller answered a "not furniture" verdict with "It is furniture: stage it". */
  confirmedFurniture?: boolean | undefined;
}

export interface StageImageRequest extends StageRequestFields, SellerMark {
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
  preview(file: File, mark: SellerMark, signal?: AbortSignal): Promise<StagePreview>;
  /**
   * How far the server has got with the staging sent with this Idempotency-Key; null while it
   * has not arrived, or once it failed. Left out by a driver with no server to ask: the progress
   * bar then counts finished photos only.
   */
  progress?(idempotencyKey: string): Promise<StageProgress | null>;
}

/** A request's stage form entries, the seller's mark encoded as core's stage form encodes it. */
const entriesOf = (request: StageFormInput | SellerMark) =>
  stageFormEntries({
    ...(request as StageFormInput),
    subject: request.subject ?? undefined,
    strokes: request.strokes ?? undefined,
  }).entries;

/** The stage form's fields that carry the seller's mark: the only text fields a preview sends. */
const MARK_FIELDS = new Set<StageTextField>(['subject', 'strokes', 'confirmedFurniture']);

function multipart(file: File, entries: ReadonlyArray<readonly [StageTextField, string]>): FormData {
  const form = new FormData();
  form.append(STAGE_FILE_FIELD, file, file.name);
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** The size is left out: the plan decides HD on the server. */
const stageForm = (request: StageImageRequest) => multipart(request.file, entriesOf(request));

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
        form: multipart(
          file,
          entriesOf(mark).filter(([name]) => MARK_FIELDS.has(name)),
        ),
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
