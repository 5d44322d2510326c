/**
 * Staging (DESIGN §4, §5): debit 1 credit → stage through the Stager port → store input and
 * output → record the image edit. Any failure after the debit refunds it. The Idempotency-Key
 * makes retries safe: a completed key returns its first result, a key still in flight is waited
 * for, and neither debits again (the Store decides this inside one transaction).
 */
import { randomUUID } from 'node:crypto';
import {
  CONFIRMED_FURNITURE,
  firstIssueMessage,
  hasBrushStrokes,
  hdAllowed,
  idempotencyKeySchema,
  MESSAGES,
  parseBrushMask,
  parseSubjectHint,
  resolvePrompt,
  stageFieldsSchema,
  type DesignStyleId,
  type FurnitureTypeId,
  type PriceIdConfig,
  type PromptMode,
  type BrushMask,
  type StageResponse,
  type SubjectHint,
} from '@flipstage/core';
import type { SellerMark } from '../ports/analysis.js';
import { type Blobs } from '../ports/blobs.js';
import { StagingError, type OutputSize, type Stager } from '../ports/stager.js';
import { InsufficientCredits, type CustomerDoc, type StageResult, type Store } from '../ports/store.js';
import { logs, type Logger } from '../logs.js';
import { invalid, ServiceError } from './errors.js';
import type { Images, PreparedImage } from '../ports/images.js';
import { checkedUpload, decoding } from './uploads.js';
import { CREDIT_RULES } from './creditRules.js';
import { DUPLICATE_POLL_MS, DUPLICATE_WAIT_MS, STAGE_DEADLINE_MS, STALE_STAGE_AFTER_MS } from './stagingTimes.js';
import { stageResponse } from './imageEdits.js';
import { progressRecorder } from './stageProgress.js';
import { attemptFiles, editFolder, stagedOutputPath } from './stagingFiles.js';

export interface StagingDeps {
  store: Store;
  blobs: Blobs;
  stager: Stager;
  images: Images;
  priceIds: PriceIdConfig;
  logger: Logger;
}

export interface StageRequest {
  uid: string;
  /** The caller's customer record, read at the door (customerWhoCanStage): its plan decides the size. */
  customer: CustomerDoc;
  /** A signed-out visitor's staging: its result is held, not saved as an image edit (ports/trials.ts). */
  held?: boolean;
  idempotencyKey: string | undefined;
  image: Uint8Array | null;
  /**
   * `size` is optional: without it the plan decides (HD for an active Flipper or Premium plan).
   * `variant` is optional too: without it, 0.
   */
  fields: {
    prompt?: string;
    style?: string;
    furnitureType?: string;
    mode?: string;
    size?: string;
    variant?: string;
    subject?: string;
    strokes?: string;
    confirmedFurniture?: string;
  };
}

interface StageParams {
  prompt: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
  variant: number;
}

export function parseStageFields(fields: StageRequest['fields']): StageParams {
  const parsed = stageFieldsSchema.safeParse(fields);
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  const { mode, style, furnitureType, prompt: text, variant } = parsed.data;
  const prompt = resolvePrompt({ mode, style, furnitureType, editedPrompt: text, customPrompt: text });
  return { prompt, style, furnitureType, mode, variant };
}

/** The stage form's `subject` field: absent or blank is no mark; anything else must parse. */
export function parseSubjectField(text: string | undefined): SubjectHint | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const hint = parseSubjectHint(text);
  if (!hint) throw invalid(MESSAGES.invalidSubjectHint);
  return hint;
}

/** The stage form's `strokes` field: absent or blank is none; anything else must be a whole grid. */
export function parseStrokesField(text: string | undefined): BrushMask | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const strokes = parseBrushMask(text.trim());
  if (!strokes) throw invalid(MESSAGES.invalidBrushStrokes);
  return hasBrushStrokes(strokes) ? strokes : undefined;
}

/** The stage form's `confirmedFurniture` field: absent is no, `yes` is yes, anything else a mistake. */
export function parseConfirmedFurniture(text: string | undefined): boolean {
  if (text === undefined || text.trim() === '') return false;
  if (text.trim() !== CONFIRMED_FURNITURE) throw invalid(MESSAGES.invalidFurnitureConfirmation);
  return true;
}

/** Everything the form says the seller marked on the photo. */
export function parseSellerMark(
  fields: Pick<StageRequest['fields'], 'subject' | 'strokes' | 'confirmedFurniture'>,
): SellerMark {
  return {
    subject: parseSubjectField(fields.subject),
    strokes: parseStrokesField(fields.strokes),
    confirmedFurniture: parseConfirmedFurniture(fields.confirmedFurniture),
  };
}

export function parseIdempotencyKey(header: string | undefined): string {
  if (header === undefined) return randomUUID();
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  return parsed.data;
}

export function parseRequestedSize(size: string | undefined): OutputSize | null {
  const value = size?.trim() ?? '';
  if (value === '') return null;
  if (value !== 'standard' && value !== 'hd') throw invalid(MESSAGES.invalidSize);
  return value;
}

/**
 * HD output comes with the plans core's hdAllowed names. A caller may ask for standard on any
 * plan; asking for HD without such a plan is refused rather than quietly downgraded, so a batch
 * never spends credits on the wrong size.
 */
export function outputSizeFor(
  customer: CustomerDoc,
  priceIds: PriceIdConfig,
  requested: OutputSize | null = null,
): OutputSize {
  const hd = hdAllowed(customer.stripePriceId, customer.stripeSubscriptionStatus, priceIds);
  if (requested === 'hd' && !hd) throw new ServiceError('forbidden', MESSAGES.hdNeedsPlan);
  return requested ?? (hd ? 'hd' : 'standard');
}

/** A stager's failure as the service failure the HTTP layer maps; anything else unchanged. */
export function toServiceError(error: unknown): unknown {
  if (!(error instanceof StagingError)) return error;
  switch (error.kind) {
    case 'unsupported-image':
      return new ServiceError('invalid', error.message, { cause: error });
    case 'image-too-large':
      return new ServiceError('too-large', error.message, { cause: error });
    case 'provider-unavailable':
      return new ServiceError('unavailable', MESSAGES.stagingUnavailable, { cause: error });
    case 'no-subject':
    case 'not-furniture':
    case 'unsure-subject':
      return new ServiceError('unprocessable', error.message, { cause: error, code: error.kind });
    case 'provider-rejected':
      return new ServiceError('unprocessable', MESSAGES.stagingRejected, { cause: error });
    case 'engine-failed':
      return new ServiceError('unavailable', error.message, { cause: error });
  }
}

/**
 * Checked before the upload is read: a user without a credit (or an account) is refused at
 * once, so 25 MB uploads that could never be staged are not received at all. The customer it
 * read is the one stageImage sizes the output for: one account read per staging.
 */
export async function customerWhoCanStage(store: Store, uid: string): Promise<CustomerDoc> {
  const account = await store.getAccount(uid);
  if (!account || account.customer.creditsRemaining < 1) throw new ServiceError('no-credits', MESSAGES.needCredits);
  return account.customer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Another request holds this key. Plain reads, not transactions, until it completes or is
 * refunded (then beginStage answers once more); past the wait, 409 so the client retries later.
 */
async function waitForOtherAttempt(
  store: Store,
  uid: string,
  key: string,
  waitUntil: number,
  pollMs: number,
): Promise<void> {
  for (;;) {
    if (Date.now() >= waitUntil) throw new ServiceError('conflict', MESSAGES.stageInProgress);
    await sleep(pollMs);
    const stage = await store.getStage(uid, key);
    if (stage?.status !== 'pending') return;
  }
}

/** The stored copy of the prepared upload, written to the attempt's folder; resolves to its path. */
async function storeInput(deps: StagingDeps, prepared: PreparedImage, folder: string): Promise<string> {
  const input = await decoding(() => deps.images.storable(prepared));
  const path = `${folder}/input.${input.ext}`;
  await deps.blobs.put(path, input.data, input.contentType);
  return path;
}

/**
 * A failed attempt records no edit, so what it stored (its input, perhaps its result) would be
 * found by nothing: it goes. If that fails too, an unreachable copy only costs storage, so the
 * refusal the user gets is unchanged.
 */
async function discardAttemptFiles(blobs: Blobs, uid: string, attemptId: string): Promise<void> {
  await Promise.all(attemptFiles(uid, attemptId).map((path) => blobs.delete(path).catch(() => undefined)));
}

export async function stageImage(deps: StagingDeps, request: StageRequest): Promise<StageResponse> {
  const { store, blobs, stager, logger } = deps;
  const { uid } = request;
  const key = parseIdempotencyKey(request.idempotencyKey);
  const params = parseStageFields(request.fields);
  const requestedSize = parseRequestedSize(request.fields.size);
  const mark = parseSellerMark(request.fields);
  const image = request.image;
  if (!image || image.byteLength === 0) throw invalid(MESSAGES.imageFileRequired);
  const size = outputSizeFor(request.customer, deps.priceIds, requestedSize);
  // The header refuses what is no image, or too large, before a credit is taken. The door's work on
  // the upload (its one decode, or none for an upright JPEG) starts with it, sharing its header
  // read, and runs beside the debit: an image found damaged is refunded like any failed staging.
  // Storage and the stager share what it prepares.
  const sniffing = checkedUpload(deps.images, image, MESSAGES.unsupportedImage);
  const preparing = decoding(() => deps.images.prepare(image));
  preparing.catch(() => undefined);
  await sniffing;

  const waitUntil = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const attemptId = randomUUID();
    const begin = await store
      .beginStage({ uid, key, attemptId, staleBefore: Date.now() - STALE_STAGE_AFTER_MS }, CREDIT_RULES)
      .catch((error: unknown) => {
        throw error instanceof InsufficientCredits ? new ServiceError('no-credits', MESSAGES.needCredits) : error;
      });
    if (begin.kind === 'completed') return stageResponse(blobs, begin.result, begin.creditsRemaining);
    if (begin.kind === 'in-progress') {
      await waitForOtherAttempt(store, uid, key, waitUntil, DUPLICATE_POLL_MS);
      continue;
    }

    let result: StageResult;
    let matched: string[] | undefined;
    const progress = progressRecorder(store, { uid, key, attemptId }, (error) =>
      logs.progressNotRecorded(logger, { uid, attemptId }, error),
    );
    // The edit is named by its attempt, so a sweep refunding an attempt whose request died finds its files.
    const editId = attemptId;
    const folder = editFolder(uid, editId);
    let storedInput: Promise<string> | undefined;
    try {
      const prepared = await preparing;
      // Stored while the stager works; awaited (and its failure refunded) only once the staging is back.
      storedInput = storeInput(deps, prepared, folder);
      storedInput.catch(() => undefined);
      const output = await stager.stage({
        image: prepared.data,
        ...params,
        size,
        ...mark,
        deadline: Date.now() + STAGE_DEADLINE_MS,
        onProgress: progress.stager,
      });
      matched = output.matched;
      const outputPath = stagedOutputPath(uid, editId);
      // The write is under way before the progress report, whose store write would otherwise go first.
      const storedOutput = blobs.put(outputPath, output.jpeg, 'image/jpeg');
      progress.saving();
      const [inputPath] = await Promise.all([storedInput, storedOutput]);
      // A progress write still under way would race the completion for the key's record.
      await progress.settled();
      result = await store.completeStage(
        {
          uid,
          key,
          attemptId,
          held: request.held,
          edit: {
            id: editId,
            user_id: uid,
            // The paths: the owner gets URLs signed at each read (services/imageEdits.ts).
            input_image_url: inputPath,
            output_image_url: outputPath,
            background_style: params.prompt,
            style: params.style,
            furniture_type: params.furnitureType,
            created_at: new Date().toISOString(),
          },
        },
        CREDIT_RULES,
      );
    } catch (error) {
      logs.stagingFailed(logger, { uid, attemptId }, error);
      await Promise.all([
        progress.settled(),
        store
          .failStage({ uid, key, attemptId }, CREDIT_RULES)
          .catch((refundError: unknown) => logs.refundFailed(logger, { uid, attemptId }, refundError)),
        // Once the input's write has settled, so it cannot land after its removal.
        (storedInput ?? Promise.resolve())
          .catch(() => undefined)
          .then(() => discardAttemptFiles(blobs, uid, attemptId)),
      ]);
      throw toServiceError(error);
    }
    // Signed after the attempt completed: a failure here must not refund a staging that is stored.
    const response = await stageResponse(blobs, result, begin.creditsRemaining);
    return matched ? { ...response, matched } : response;
  }
}
