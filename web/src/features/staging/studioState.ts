/**
 * The staging studio's image state machine (spec §3 "Client image state", §4 "Image"), as pure
 * transitions. Images are addressed by id while they are processed, so removing one during a
 * generation never attaches a result to the wrong picture.
 */
import {
  MAX_STAGE_VARIANT,
  resolvePrompt,
  type DesignStyleId,
  type FurnitureTypeId,
  type PromptMode,
  type BrushMask,
  type StageRequestFields,
  type SubjectHint,
} from '@flipstage/core';

export type ImageStatus = 'uploaded' | 'processing' | 'processed' | 'error';

/**
 * What a photo is staged as. Each photo carries its own, because one batch mixes pieces: a bed
 * staged with a dining table's choice lands between dining chairs (issue 15).
 */
export interface StagingChoice {
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  /** The auto prompt after Edit Prompt; null follows the style and type. */
  editedPrompt: string | null;
}

/** The prompt settings the whole batch shares: a custom prompt describes the room for every photo. */
export interface PromptSettings {
  mode: PromptMode;
  customPrompt: string;
}

/** Why a photo's last staging failed, shown on its card (issue 24). */
export interface StageFailure {
  /** The server's own message (not furniture, too large, busy, out of credits, …). */
  message: string;
  /**
   * Sending the photo again can help: the server was busy, failed, or never answered. A refusal
   * of the photo itself (not furniture, too large) or of the account (no credits) cannot.
   */
  retryable: boolean;
}

/**
 * A staging sent and not yet answered, or lost on the way: its key and request, so a reload or a
 * Retry sends the very same request again and the server never charges for it twice.
 */
export interface StageAttempt {
  idempotencyKey: string;
  variant: number;
  request: StageRequestFields;
}

export interface StudioImage {
  id: string;
  /** What gets staged: the photo as the browser prepared it (shrunk when it was above the engine's size). */
  file: File;
  /** The browser is still reading or shrinking the photo: its card says "Preparing…" and Generate waits for it. */
  preparing: boolean;
  /** Object URL of the uploaded file, shown as the "before" image. */
  previewUrl: string;
  status: ImageStatus;
  /** While processing: the backend was busy and the request waits to be sent again (same key, no second charge). */
  retrying: boolean;
  /** The result on show: one of `variations`. */
  outputUrl: string | null;
  /** Every room this photo was staged in ("Try another room"), in order; the index is the variant. */
  variations: string[];
  choice: StagingChoice;
  /** The piece the seller marked on the photo, sent with each staging; null lets the engine find it. */
  subject: SubjectHint | null;
  /** The parts the seller painted to keep or drop (the brush), sent with each staging; null for none. */
  strokes: BrushMask | null;
  /** The seller answered "not furniture" with "It is furniture: stage it": the photo is staged, not skipped. */
  confirmedFurniture: boolean;
  /** The seller picked this photo's furniture type: the engine's guess no longer replaces it. */
  typeChosen: boolean;
  /** Why the last staging failed; cleared when the photo is staged again. */
  failure: StageFailure | null;
  /** The staging in flight, or a lost one that Retry sends again with the same key. */
  attempt: StageAttempt | null;
}

export interface StudioState {
  images: StudioImage[];
  selectedIndex: number | null;
  /** Thumbs up/down show after a successful generation; any feedback hides them. */
  feedbackVisible: boolean;
}

export const EMPTY_STUDIO: StudioState = { images: [], selectedIndex: null, feedbackVisible: false };

export function newStudioImage(
  id: string,
  file: File,
  previewUrl: string,
  choice: StagingChoice,
  options: { preparing?: boolean } = {},
): StudioImage {
  return {
    id,
    file,
    preparing: options.preparing ?? false,
    previewUrl,
    status: 'uploaded',
    retrying: false,
    outputUrl: null,
    variations: [],
    choice,
    subject: null,
    strokes: null,
    confirmedFurniture: false,
    typeChosen: false,
    failure: null,
    attempt: null,
  };
}

/** The browser has read (and, if needed, shrunk) the photo: this file is what gets staged and previewed. */
export function finishPreparing(state: StudioState, id: string, file: File, previewUrl: string): StudioState {
  return updateImage(state, id, { file, previewUrl, preparing: false });
}

/** New uploads go to the end of the strip; the first of them is selected when nothing was. */
export function addImages(state: StudioState, added: readonly StudioImage[]): StudioState {
  if (added.length === 0) return state;
  const images = [...state.images, ...added];
  const selectedIndex = state.selectedIndex ?? state.images.length;
  return { ...state, images, selectedIndex };
}

export function selectImage(state: StudioState, index: number): StudioState {
  if (!Number.isInteger(index) || index < 0 || index >= state.images.length) return state;
  return { ...state, selectedIndex: index };
}

/** Removing an image removes its output too; the selection follows; the last removal resets feedback. */
export function removeImage(state: StudioState, index: number): StudioState {
  if (!Number.isInteger(index) || index < 0 || index >= state.images.length) return state;
  const images = state.images.filter((_, i) => i !== index);
  if (images.length === 0) return EMPTY_STUDIO;
  const selected = state.selectedIndex;
  let selectedIndex: number | null = selected;
  if (selected !== null) {
    if (index < selected) selectedIndex = selected - 1;
    else if (index === selected) selectedIndex = Math.min(selected, images.length - 1);
  }
  return { ...state, images, selectedIndex };
}

export function clearAll(): StudioState {
  return EMPTY_STUDIO;
}

function updateImage(state: StudioState, id: string, patch: Partial<StudioImage>): StudioState {
  if (!state.images.some((img) => img.id === id)) return state;
  return { ...state, images: state.images.map((img) => (img.id === id ? { ...img, ...patch } : img)) };
}

/** Choosing another style or type starts again from the generated prompt. */
export function changeChoice(
  choice: StagingChoice,
  change: { style?: DesignStyleId; furnitureType?: FurnitureTypeId },
): StagingChoice {
  const next = { ...choice, ...change };
  const changed = next.style !== choice.style || next.furnitureType !== choice.furnitureType;
  return changed ? { ...next, editedPrompt: null } : choice;
}

/** A photo being staged keeps its choice: it is what the request in flight was built from, and its thumbnail says so. */
function canChangeChoice(image: StudioImage): boolean {
  return image.status !== 'processing';
}

function withChoice(image: StudioImage, choice: StagingChoice): StudioImage {
  const typeChosen = image.typeChosen || choice.furnitureType !== image.choice.furnitureType;
  return { ...image, choice, typeChosen };
}

export function setImageChoice(state: StudioState, id: string, choice: StagingChoice): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image || !canChangeChoice(image)) return state;
  return updateImage(state, id, withChoice(image, choice));
}

/** "Apply to all images": every photo not being staged takes this choice, processed ones for their next room. */
export function applyChoiceToAll(state: StudioState, choice: StagingChoice): StudioState {
  return { ...state, images: state.images.map((img) => (canChangeChoice(img) ? withChoice(img, choice) : img)) };
}

/** The engine's guess of the piece's type, taken while the seller has not picked one for the photo. */
export function suggestType(state: StudioState, id: string, furnitureType: FurnitureTypeId): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image || image.typeChosen || !canChangeChoice(image)) return state;
  return updateImage(state, id, { choice: changeChoice(image.choice, { furnitureType }) });
}

/** What the seller says about the piece on a photo: the tap or box, the brush strokes, the confirmation. */
export type SellerMarkPatch = Partial<Pick<StudioImage, 'subject' | 'strokes' | 'confirmedFurniture'>>;

/** Changes the seller's mark on a photo; a photo being staged keeps the mark its request carries. */
export function setMark(state: StudioState, id: string, mark: SellerMarkPatch): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image || !canChangeChoice(image)) return state;
  return updateImage(state, id, mark);
}

/**
 * What a photo is staged with: its own style and type, and its own auto prompt, unless the batch
 * uses a custom prompt. Generate and "Try another room" both send what the studio shows for the photo.
 */
export function stageRequestFor(image: StudioImage, prompt: PromptSettings): StageRequestFields {
  const { style, furnitureType, editedPrompt } = image.choice;
  return {
    prompt: resolvePrompt({
      mode: prompt.mode,
      style,
      furnitureType,
      editedPrompt: editedPrompt ?? undefined,
      customPrompt: prompt.customPrompt,
    }),
    style,
    furnitureType,
    mode: prompt.mode,
  };
}

export function markProcessing(state: StudioState, ids: readonly string[]): StudioState {
  return ids.reduce((s, id) => updateImage(s, id, { status: 'processing', retrying: false, failure: null }), state);
}

/** The request for a processing photo is about to be sent with this key. */
export function markSent(state: StudioState, id: string, attempt: StageAttempt): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (image?.status !== 'processing') return state;
  return updateImage(state, id, { attempt });
}

/** The backend answered busy; the photo stays processing while its request waits for the next try. */
export function markRetrying(state: StudioState, id: string): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (image?.status !== 'processing') return state;
  return updateImage(state, id, { retrying: true });
}

/** A new result joins the photo's variations and is shown. */
export function markProcessed(state: StudioState, id: string, outputUrl: string): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image) return state;
  const variations = [...image.variations, outputUrl];
  return {
    ...updateImage(state, id, {
      status: 'processed',
      retrying: false,
      outputUrl,
      variations,
      failure: null,
      attempt: null,
    }),
    feedbackVisible: true,
  };
}

/**
 * Spec §4: on failure the processing flag is cleared; the image can be generated again. A photo
 * that already has a room keeps it when another room fails. The failure is kept for its card; a
 * retryable one keeps its attempt, so Retry resends the same key (the first may have gone through).
 */
export function markFailed(state: StudioState, id: string, failure: StageFailure): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image) return state;
  return updateImage(state, id, {
    status: image.variations.length > 0 ? 'processed' : 'error',
    retrying: false,
    failure,
    attempt: failure.retryable ? image.attempt : null,
  });
}

/**
 * After a reload: a photo whose request was sent is sent again with its key (resumeInFlight);
 * one that was only queued was never sent, so it goes back to waiting, uncharged.
 */
export function settleAfterReload(state: StudioState): StudioState {
  return {
    ...state,
    images: state.images.map((img) =>
      img.status === 'processing' && !img.attempt ? { ...img, status: 'uploaded', retrying: false } : img,
    ),
  };
}

/** Photos whose request was sent before a reload and is still unanswered. */
export function inFlightImages(state: StudioState): StudioImage[] {
  return state.images.filter((img) => img.status === 'processing' && img.attempt !== null);
}

/** Shows one of the photo's variations in the before/after view. */
export function showVariation(state: StudioState, id: string, outputUrl: string): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image?.variations.includes(outputUrl)) return state;
  return updateImage(state, id, { outputUrl });
}

/** The variant "Try another room" asks for next: the number of rooms so far. */
export function nextVariant(image: StudioImage): number {
  return image.variations.length;
}

/** "Try another room" stages a staged photo again, while it is not busy and the API takes the next variant. */
export function canTryAnotherRoom(image: StudioImage): boolean {
  return image.status === 'processed' && nextVariant(image) <= MAX_STAGE_VARIANT;
}

export function hideFeedback(state: StudioState): StudioState {
  return { ...state, feedbackVisible: false };
}

/** Already processed or processing images are skipped (spec §4). A photo still preparing is pending: Generate waits for it. */
export function isPending(image: StudioImage): boolean {
  return image.status === 'uploaded' || image.status === 'error';
}

export function pendingImages(state: StudioState): StudioImage[] {
  return state.images.filter(isPending);
}

export function selectedImage(state: StudioState): StudioImage | null {
  return state.selectedIndex === null ? null : (state.images[state.selectedIndex] ?? null);
}

export function processedImages(state: StudioState): StudioImage[] {
  return state.images.filter((img) => img.status === 'processed' && img.outputUrl !== null);
}

/** The images a transition dropped, so their object URLs can be released. */
export function droppedImages(before: StudioState, after: StudioState): StudioImage[] {
  const kept = new Set(after.images.map((img) => img.id));
  return before.images.filter((img) => !kept.has(img.id));
}
