import pRetry, { AbortError } from 'p-retry';
import { MESSAGES } from '@flipstage/core';
import { StagingError, type OutputSize, type StageInput, type StageOutput, type Stager } from '../ports/stager.js';
import { photoroomUpload, type PhotoroomUpload } from './photoroomInput.js';
import { seedFor } from './seed.js';

/**
 * Photoroom's Image Editing API v2 (DESIGN §5a): the piece is cut out and a background is
 * generated from the prompt. Multipart body only, never the query string, so prompts and keys
 * stay out of URLs and logs. The photo goes as Photoroom accepts it (photoroomInput.ts).
 */

export const PHOTOROOM_BASE_URL = 'https://image-api.photoroom.com';
export const PHOTOROOM_ENGINE_NAME = 'photoroom';

/**
 * Square is the listing-photo norm on the marketplaces our users sell on and suits wide and tall
 * pieces alike; the sizes match the local engine's long side per size class.
 */
export const PHOTOROOM_OUTPUT_SIZE: Record<OutputSize, string> = { standard: '1024x1024', hd: '2048x2048' };

export const PHOTOROOM_MAX_TRIES = 3;

/**
 * Grounding, so the piece stands in the generated room instead of floating on it (Photoroom's
 * v2/edit reference: docs.photoroom.com/getting-started/api-reference-openapi, AI Shadows and AI
 * Relight pages). `ai.soft` belongs to the default shadow model; the `ai.preset-*` and
 * `ai.auto-with-overrides` modes need the 2026-04-15 model, a preview with two weeks' notice of
 * breaking changes. Relighting keeps hue and saturation because a buyer must see the piece's real
 * colour; `ai.auto` may shift it.
 */
export const PHOTOROOM_SHADOW_MODE = 'ai.soft';
export const PHOTOROOM_LIGHTING_MODE = 'ai.preserve-hue-and-saturation';

export interface PhotoroomLog {
  (
    event: 'photoroom.unsupported-attributes' | 'photoroom.retry' | 'photoroom.failed',
    fields: Record<string, unknown>,
  ): void;
}

export interface PhotoroomOptions {
  apiKey: string;
  baseUrl?: string;
  /** Sent as pr-ai-background-model-version when set. */
  modelVersion?: string;
  /** Injectable so tests do not wait out real backoff. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: PhotoroomLog;
  timeoutMs?: number;
}

const defaultLog: PhotoroomLog = (event, fields) => console.warn(JSON.stringify({ event, ...fields }));
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8000;

/** Full-jitter exponential backoff; honours Retry-After when Photoroom sends one, within the cap. */
function backoffMs(attempt: number, retryAfter: string | null, random: () => number): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(BACKOFF_CAP_MS, seconds * 1000);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * `background.seed` (docs.photoroom.com/image-editing-api-plus-plan/ai-backgrounds): without it
 * every call draws a new background; with it the same photo and prompt give a similar one. It is
 * derived from the whole request, variant included, so "Try another room" gets another room and
 * the same request the same room. Photoroom asks for a positive integer; it stays within 31 bits
 * because the documentation names no upper bound.
 */
export function photoroomSeed(input: StageInput): number {
  return (seedFor(input) % 0x7fffffff) + 1;
}

function requestBody(input: StageInput, upload: PhotoroomUpload, seed: number): FormData {
  const form = new FormData();
  form.append('imageFile', new Blob([upload.data], { type: upload.contentType }), upload.fileName);
  form.append('background.prompt', input.prompt);
  form.append('background.negativePrompt', 'no furniture');
  form.append('background.seed', String(seed));
  form.append('referenceBox', 'originalImage');
  form.append('export.format', 'jpeg');
  form.append('outputSize', PHOTOROOM_OUTPUT_SIZE[input.size]);
  form.append('shadow.mode', PHOTOROOM_SHADOW_MODE);
  form.append('lighting.mode', PHOTOROOM_LIGHTING_MODE);
  return form;
}

/** Photoroom's error text: {error:{message}} on 400/500, {error:{detail}} on 402. */
async function providerMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; detail?: unknown } };
    const message = body.error?.message ?? body.error?.detail;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, 500);
}

/**
 * A bad key, no credits or a missing plan is our problem, not the user's photo: the service is
 * unavailable. A 4xx about the request itself means Photoroom could not use this image.
 */
function errorFor(status: number, message: string): StagingError {
  const cause = new Error(`Photoroom ${status}: ${message}`);
  if (status === 401 || status === 402 || status === 403 || status === 429 || status >= 500) {
    return new StagingError('provider-unavailable', MESSAGES.stagingUnavailable, { cause });
  }
  if (status === 413) return new StagingError('image-too-large', MESSAGES.imageTooLarge, { cause });
  return new StagingError('provider-rejected', MESSAGES.stagingRejected, { cause });
}

/** check (is it furniture, the upload re-encoded), then cutout (Photoroom's call: the piece cut out, the room drawn). */
const PHOTOROOM_STEPS = 2;

/** A try given less than this cannot upload a photo and wait for an AI background. */
const MIN_TRY_MS = 5_000;

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** One failed try: the error the caller gets if it is the last, and how to retry it if it may be. */
class FailedTry extends Error {
  constructor(
    readonly error: StagingError,
    readonly retry: { retryAfter: string | null; fields: Record<string, unknown> } | null,
  ) {
    super(error.message);
  }
}

export function createPhotoroomStager(options: PhotoroomOptions): Stager {
  const baseUrl = (options.baseUrl ?? PHOTOROOM_BASE_URL).replace(/\/+$/, '');
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const log = options.log ?? defaultLog;
  const timeoutMs = options.timeoutMs ?? 90_000;

  return {
    name: PHOTOROOM_ENGINE_NAME,
    async stage(input: StageInput): Promise<StageOutput> {
      const headers: Record<string, string> = { 'x-api-key': options.apiKey, accept: 'image/jpeg, application/json' };
      if (options.modelVersion) headers['pr-ai-background-model-version'] = options.modelVersion;

      const seed = photoroomSeed(input);
      input.onProgress?.({ phase: 'check', step: 0, steps: PHOTOROOM_STEPS });
      const upload = await photoroomUpload(input.image, {
        subject: input.subject,
        strokes: input.strokes,
        confirmedFurniture: input.confirmedFurniture,
      });
      input.onProgress?.({ phase: 'cutout', step: 1, steps: PHOTOROOM_STEPS });
      let last = new FailedTry(new StagingError('provider-unavailable', MESSAGES.stagingUnavailable), null);
      // Every try and every wait fits in the caller's deadline; a try too short to succeed is not started.
      const remaining = () => (input.deadline ?? Infinity) - Date.now();
      const hasTimeFor = (waitMs: number) => remaining() - waitMs >= MIN_TRY_MS;

      const tryOnce = async (): Promise<Response> => {
        if (!hasTimeFor(0)) throw new AbortError(last);
        let response: Response;
        try {
          response = await fetch(`${baseUrl}/v2/edit`, {
            method: 'POST',
            headers,
            body: requestBody(input, upload, seed),
            signal: AbortSignal.timeout(Math.min(timeoutMs, remaining())),
          });
        } catch (error) {
          last = new FailedTry(
            new StagingError('provider-unavailable', MESSAGES.stagingUnavailable, { cause: error }),
            { retryAfter: null, fields: { reason: 'network' } },
          );
          throw last;
        }
        const unsupported = response.headers.get('pr-unsupported-attributes');
        if (unsupported) log('photoroom.unsupported-attributes', { attributes: unsupported });
        if (response.ok) return response;

        const error = errorFor(response.status, await providerMessage(response));
        const retry = retryable(response.status)
          ? { retryAfter: response.headers.get('retry-after'), fields: { status: response.status } }
          : null;
        last = new FailedTry(error, retry);
        throw last;
      };

      let response: Response;
      try {
        response = await pRetry(tryOnce, {
          retries: PHOTOROOM_MAX_TRIES - 1,
          // p-retry's own delay cannot follow Retry-After, the deadline or an injected sleep, so
          // it is off and the wait happens once the retry is decided.
          minTimeout: 0,
          shouldRetry: async ({ error, retriesConsumed }) => {
            if (!(error instanceof FailedTry) || !error.retry) return false;
            const wait = backoffMs(retriesConsumed, error.retry.retryAfter, random);
            if (!hasTimeFor(wait)) return false;
            log('photoroom.retry', { attempt: retriesConsumed + 1, ...error.retry.fields, waitMs: wait });
            await sleep(wait);
            return true;
          },
        });
      } catch (error) {
        if (!(error instanceof FailedTry)) throw error;
        const { kind, cause } = error.error;
        log('photoroom.failed', { kind, cause: cause instanceof Error ? cause.message : String(cause) });
        throw error.error;
      }
      return finish(response, seed);
    },
  };
}

async function finish(response: Response, seed: number): Promise<StageOutput> {
  const jpeg = new Uint8Array(await response.arrayBuffer());
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(jpeg).metadata();
    return { jpeg, width: meta.width, height: meta.height, engine: PHOTOROOM_ENGINE_NAME, seed };
  } catch (error) {
    throw new StagingError('provider-unavailable', MESSAGES.stagingUnavailable, { cause: error });
  }
}
