/**
 * What the studio keeps in IndexedDB, and the pure mapping between it and the studio's state.
 * A photo's record holds its choices and results by reference to blobs stored beside it, so a
 * change of style rewrites a few hundred bytes, not the photo.
 */
import type { BrushMask, PromptMode, SubjectHint } from '@flipstage/core';
import type { AuthState } from '../../../backend/authState';
import {
  EMPTY_STUDIO,
  settleAfterReload,
  type ImageStatus,
  type StageAttempt,
  type StageFailure,
  type StagingChoice,
  type StudioImage,
  type StudioState,
} from '../studioState';

/** The key of a visitor without any account yet; their records move to the uid they get. */
export const SIGNED_OUT_KEY = 'signed-out';

/** One room a photo was staged in: the server's URL (shared, listed) and its image, kept here. */
export interface VariationRecord {
  url: string;
  /** The stored copy of the image, fetched once when the result arrived; null if that failed. */
  blob: string | null;
  /** The words the room was chosen by, when the engine said. */
  matched: string[] | null;
  /**
   * The image edit the room was saved as, which listing it links; left out by records older than
   * stagings in the books.
   */
  editId?: string | null;
}

export interface PhotoRecord {
  /** The signed-in uid, an anonymous uid, or SIGNED_OUT_KEY. */
  user: string;
  id: string;
  /** The photo's place in the strip. */
  position: number;
  file: { blob: string; name: string; type: string; lastModified: number };
  /** The displayable preview when it is not the file itself (a HEIC's). */
  preview: string | null;
  choice: StagingChoice;
  subject: SubjectHint | null;
  /** The brush strokes; left out by records older than the brush. */
  strokes?: StrokesRecord | null;
  /** "It is furniture: stage it"; left out by records older than the button. */
  confirmedFurniture?: boolean;
  typeChosen: boolean;
  status: ImageStatus;
  failure: StageFailure | null;
  attempt: StageAttempt | null;
  variations: VariationRecord[];
  /** The index of the room on show, or null before any. */
  shown: number | null;
}

/**
 * The brush grid as one character per cell ('0' none, '1' keep, '2' drop): plain text, so the
 * writer's JSON comparison sees a change, and read without core's form parser, which would ride
 * on the home route's first load with it.
 */
export interface StrokesRecord {
  width: number;
  height: number;
  cells: string;
}

const strokesRecordOf = (mask: BrushMask): StrokesRecord => ({
  width: mask.width,
  height: mask.height,
  cells: mask.cells.join(''),
});

function strokesOf(record: StrokesRecord | null | undefined): BrushMask | null {
  if (!record || record.cells.length !== record.width * record.height) return null;
  return { width: record.width, height: record.height, cells: Uint8Array.from(record.cells, (c) => Number(c) % 3) };
}

/** A blob is stored under its photo, so removing a photo removes every blob it had. */
export interface BlobRecord {
  photo: string;
  name: string;
  blob: Blob;
}

/** What the whole batch shares, per user. */
export interface BatchRecord {
  user: string;
  selectedIndex: number | null;
  promptMode: PromptMode;
  customPrompt: string;
}

/** Where a room's URL on show in the studio came from: the server's URL and the stored copy. */
export interface RoomSource {
  url: string;
  blob: string | null;
}

/** How the record being written names the blobs and rooms of one photo. */
export interface PhotoRefs {
  file: string;
  preview: string | null;
  /** The source of each URL in the photo's variations; a URL with none is a new server URL, not stored yet. */
  rooms: ReadonlyMap<string, RoomSource>;
  matched: Readonly<Record<string, string[]>>;
  editIds: Readonly<Record<string, string>>;
}

export function photoRecordOf(user: string, image: StudioImage, position: number, refs: PhotoRefs): PhotoRecord {
  const { file } = image;
  const shown = image.outputUrl === null ? -1 : image.variations.indexOf(image.outputUrl);
  return {
    user,
    id: image.id,
    position,
    file: { blob: refs.file, name: file.name, type: file.type, lastModified: file.lastModified },
    preview: refs.preview,
    choice: image.choice,
    subject: image.subject,
    strokes: image.strokes ? strokesRecordOf(image.strokes) : null,
    confirmedFurniture: image.confirmedFurniture,
    typeChosen: image.typeChosen,
    status: image.status,
    failure: image.failure,
    attempt: image.attempt,
    variations: image.variations.map((url) => {
      const source = refs.rooms.get(url) ?? { url, blob: null };
      return { ...source, matched: refs.matched[url] ?? null, editId: refs.editIds[url] ?? null };
    }),
    shown: shown < 0 ? null : shown,
  };
}

/** The blobs a record points to, so those it no longer names can be deleted. */
export function blobNamesOf(record: PhotoRecord): string[] {
  const rooms = record.variations.flatMap((v) => (v.blob ? [v.blob] : []));
  return [record.file.blob, ...(record.preview ? [record.preview] : []), ...rooms];
}

export type ObjectUrlMaker = (blob: Blob) => string;

/** A photo as it comes back: its file, object URLs for what was stored, where each room came from. */
export interface RestoredPhoto {
  image: StudioImage;
  /** Each room URL on show, with the server URL and stored copy it stands for. */
  rooms: Map<string, RoomSource>;
  matched: Record<string, string[]>;
  editIds: Record<string, string>;
}

/** Rebuilds a photo from its record and blobs; null when its file is missing (the record cannot be staged). */
export function restorePhoto(
  record: PhotoRecord,
  blobs: ReadonlyMap<string, Blob>,
  objectUrl: ObjectUrlMaker,
): RestoredPhoto | null {
  const stored = blobs.get(record.file.blob);
  if (!stored) return null;
  const { name, type, lastModified } = record.file;
  const file = new File([stored], name, { type, lastModified });
  const preview = record.preview ? blobs.get(record.preview) : undefined;
  const rooms = new Map<string, RoomSource>();
  const matched: Record<string, string[]> = {};
  const editIds: Record<string, string> = {};
  const variations = record.variations.map((room) => {
    const copy = room.blob ? blobs.get(room.blob) : undefined;
    // An expired signed URL no longer shows; the stored copy always does.
    const shownUrl = copy ? objectUrl(copy) : room.url;
    rooms.set(shownUrl, { url: room.url, blob: copy ? room.blob : null });
    if (room.matched) matched[shownUrl] = room.matched;
    if (room.editId) editIds[shownUrl] = room.editId;
    return shownUrl;
  });
  const image: StudioImage = {
    id: record.id,
    file,
    preparing: false,
    previewUrl: objectUrl(preview ?? file),
    status: record.status,
    retrying: false,
    outputUrl: record.shown === null ? null : (variations[record.shown] ?? null),
    variations,
    choice: record.choice,
    subject: record.subject,
    strokes: strokesOf(record.strokes),
    confirmedFurniture: record.confirmedFurniture ?? false,
    typeChosen: record.typeChosen,
    failure: record.failure,
    attempt: record.attempt,
  };
  return { image, rooms, matched, editIds };
}

/** The studio as it was: photos in their order, the selection kept in range, queued photos back to uploaded. */
export function restoreStudio(images: readonly StudioImage[], batch: BatchRecord | null): StudioState {
  if (images.length === 0) return EMPTY_STUDIO;
  const wanted = batch?.selectedIndex ?? 0;
  const selectedIndex = Math.min(Math.max(wanted, 0), images.length - 1);
  return settleAfterReload({ images: [...images], selectedIndex, feedbackVisible: false });
}

/**
 * The studio after a visitor's photos were carried to their new key: what is on screen stays as
 * it is, and the key's own photos from before join after it.
 */
export function mergeStudio(current: StudioState, restored: StudioState): StudioState {
  if (current.images.length === 0) return restored;
  const onScreen = new Set(current.images.map((img) => img.id));
  const joining = restored.images.filter((img) => !onScreen.has(img.id));
  if (joining.length === 0) return current;
  const images = [...current.images, ...joining];
  return { ...current, images, selectedIndex: current.selectedIndex ?? 0 };
}

export function batchRecordOf(
  user: string,
  studio: StudioState,
  prompt: { mode: PromptMode; customPrompt: string },
): BatchRecord {
  return { user, selectedIndex: studio.selectedIndex, promptMode: prompt.mode, customPrompt: prompt.customPrompt };
}

/** Who the studio's photos belong to: null until the auth state is known. */
export interface StudioOwner {
  key: string;
  /** Signed out or anonymous: their photos come along when they sign up or in. */
  visitor: boolean;
}

/**
 * The owner of the studio for an auth state. A visitor's anonymous session (their free tries) has
 * a uid of its own; a visitor without one yet is SIGNED_OUT_KEY.
 */
export function ownerOf(auth: AuthState): StudioOwner | null {
  if (auth.status === 'unknown') return null;
  if (auth.status === 'signedOut') return { key: auth.visitor?.uid ?? SIGNED_OUT_KEY, visitor: true };
  return { key: auth.user.uid, visitor: auth.user.isAnonymous === true };
}
