/**
 * The staging studio's image state machine (spec §3 "Client image state", §4 "Image"), as pure
 * transitions. Images are addressed by id while they are processed, so removing one during a
 * generation never attaches a result to the wrong picture.
 */
import { MAX_STAGE_VARIANT, type StageRequestFields } from '@flipstage/core';

export type ImageStatus = 'uploaded' | 'processing' | 'processed' | 'error';

export interface StudioImage {
  id: string;
  file: File;
  /** Object URL of the uploaded file, shown as the "before" image. */
  previewUrl: string;
  status: ImageStatus;
  /** The result on show: one of `variations`. */
  outputUrl: string | null;
  /** Every room this photo was staged in ("Try another room"), in order; the index is the variant. */
  variations: string[];
  /** What the first result was staged with, so another room keeps the style, type and prompt. */
  stagedWith: StageRequestFields | null;
}

export interface StudioState {
  images: StudioImage[];
  selectedIndex: number | null;
  /** Thumbs up/down show after a successful generation; any feedback hides them. */
  feedbackVisible: boolean;
}

export const EMPTY_STUDIO: StudioState = { images: [], selectedIndex: null, feedbackVisible: false };

export function newStudioImage(id: string, file: File, previewUrl: string): StudioImage {
  return { id, file, previewUrl, status: 'uploaded', outputUrl: null, variations: [], stagedWith: null };
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

export function markProcessing(state: StudioState, ids: readonly string[]): StudioState {
  return ids.reduce((s, id) => updateImage(s, id, { status: 'processing' }), state);
}

/** A new result joins the photo's variations and is shown. */
export function markProcessed(
  state: StudioState,
  id: string,
  outputUrl: string,
  stagedWith: StageRequestFields,
): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image) return state;
  const variations = [...image.variations, outputUrl];
  return {
    ...updateImage(state, id, { status: 'processed', outputUrl, variations, stagedWith }),
    feedbackVisible: true,
  };
}

/**
 * Spec §4: on failure the processing flag is cleared; the image can be generated again. A photo
 * that already has a room keeps it when another room fails.
 */
export function markFailed(state: StudioState, id: string): StudioState {
  const image = state.images.find((img) => img.id === id);
  if (!image) return state;
  return updateImage(state, id, { status: image.variations.length > 0 ? 'processed' : 'error' });
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
export function canTryAnotherRoom(image: StudioImage): image is StudioImage & { stagedWith: StageRequestFields } {
  return image.status === 'processed' && image.stagedWith !== null && nextVariant(image) <= MAX_STAGE_VARIANT;
}

export function hideFeedback(state: StudioState): StudioState {
  return { ...state, feedbackVisible: false };
}

/** Already processed or processing images are skipped (spec §4). */
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
