/**
 * Keeps the studio in IndexedDB for the user it belongs to: writes each change through (a short
 * debounce, at once when a staging is sent or answered), restores the user's photos when the
 * owner becomes known, carries a visitor's photos to the account they sign up or in to, and swaps
 * to the new user's photos when someone else signs in. Operations run one at a time, in order.
 */
import type { createStore } from 'jotai';
import type { PromptMode } from '@flipstage/core';
import { customPromptAtom, promptModeAtom, studioAtom } from '../studioAtoms';
import { editIdsAtom, matchedWordsAtom } from '../previewAtoms';
import { EMPTY_STUDIO, type StudioState } from '../studioState';
import { isHeic } from '../prepare/heicFiles';
import {
  batchRecordOf,
  blobNamesOf,
  mergeStudio,
  photoRecordOf,
  restorePhoto,
  restoreStudio,
  SIGNED_OUT_KEY,
  type PhotoRecord,
  type RoomSource,
  type StudioOwner,
} from './records';
import type { StoredStudio, StudioDb, StudioWrite } from './studioDb';
import { restoredRoomUrlsAtom } from './roomUrls';

type Store = ReturnType<typeof createStore>;

/** Typing a custom prompt or moving a mark writes once it pauses, not on every key. */
export const WRITE_DEBOUNCE_MS = 150;

export interface PersisterDeps {
  store: Store;
  db: Promise<StudioDb>;
  fetchBlob: (url: string) => Promise<Blob>;
  /** A write failed (no IndexedDB, or no space): the studio goes on without keeping its photos. */
  onWriteFailed: (error: unknown) => void;
  /** A user's photos were restored: stagings in flight at the reload can be resumed. */
  onRestored: () => void;
}

interface Snapshot {
  studio: StudioState;
  prompt: { mode: PromptMode; customPrompt: string };
}

interface Saved {
  record: PhotoRecord;
  json: string;
  /** The room URLs on show, released when the photo goes. */
  shown: readonly string[];
}

export interface StudioPersister {
  /** The studio's owner changed (or became known); `previous` is who it was, null at first. */
  switchOwner(next: StudioOwner, previous: StudioOwner | null): void;
  /** Something in the studio changed. */
  changed(): void;
  /** Resolves when every operation asked for so far has run. */
  settled(): Promise<void>;
  dispose(): void;
}

const attemptKeys = (studio: StudioState) => studio.images.map((img) => img.attempt?.idempotencyKey ?? '').join();

export function createStudioPersister(deps: PersisterDeps): StudioPersister {
  const { store } = deps;
  let owner: string | null = null;
  let disposed = false;
  let queue: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastAttempts = '';
  let saved = new Map<string, Saved>();
  let savedBatch = '';
  const fileNames = new WeakMap<Blob, string>();
  const previewNames = new Map<string, string>();
  /** Each room URL on show, with the server URL and stored copy it stands for. */
  const rooms = new Map<string, RoomSource>();

  function enqueue(operation: () => Promise<void>): void {
    queue = queue.then(operation);
  }

  function snapshot(): Snapshot {
    return {
      studio: store.get(studioAtom),
      prompt: { mode: store.get(promptModeAtom), customPrompt: store.get(customPromptAtom) },
    };
  }

  async function storedCopy(url: string): Promise<Blob | null> {
    try {
      return await deps.fetchBlob(url);
    } catch (error) {
      console.warn('Could not keep a copy of', url, error);
      return null;
    }
  }

  /** Writes what changed since the last write for `user`; the bookkeeping moves on only once it landed. */
  async function write(user: string, { studio, prompt }: Snapshot): Promise<void> {
    // Without a database there is nothing to fetch copies for.
    const db = await deps.db;
    const changes: StudioWrite = { putBlobs: [], putPhotos: [], deleteBlobs: [], deletePhotos: [], batch: null };
    const next = new Map<string, Saved>();
    const named: [Blob, string][] = [];
    const newPreviews: [string, string][] = [];
    const newRooms: [string, RoomSource][] = [];
    const matched = store.get(matchedWordsAtom);
    const editIds = store.get(editIdsAtom);
    for (const [position, image] of studio.images.entries()) {
      // Half-read: what is kept is the photo as it will be staged, once the browser has it.
      if (image.preparing) continue;
      const putBlob = (blob: Blob) => {
        const name = crypto.randomUUID();
        changes.putBlobs.push({ photo: image.id, name, blob });
        return name;
      };
      let file = fileNames.get(image.file);
      if (!file) named.push([image.file, (file = putBlob(image.file))]);
      let preview: string | null = null;
      if (isHeic(image.file)) {
        preview = previewNames.get(image.previewUrl) ?? null;
        const blob = preview ? null : await storedCopy(image.previewUrl);
        if (blob) newPreviews.push([image.previewUrl, (preview = putBlob(blob))]);
      }
      const photoRooms = new Map<string, RoomSource>();
      for (const url of image.variations) {
        let source = rooms.get(url);
        if (!source) {
          // Fetched once, when the result arrives: a signed URL expires, the copy does not.
          const blob = await storedCopy(url);
          newRooms.push([url, (source = { url, blob: blob ? putBlob(blob) : null })]);
        }
        photoRooms.set(url, source);
      }
      const record = photoRecordOf(user, image, position, { file, preview, rooms: photoRooms, matched, editIds });
      const json = JSON.stringify(record);
      const before = saved.get(image.id);
      next.set(image.id, { record, json, shown: image.variations });
      if (before?.json === json) continue;
      changes.putPhotos.push(record);
      const kept = new Set(blobNamesOf(record));
      for (const name of before ? blobNamesOf(before.record) : []) {
        if (!kept.has(name)) changes.deleteBlobs.push({ photo: image.id, name });
      }
    }
    const gone = [...saved].filter(([id]) => !next.has(id) && !studio.images.some((img) => img.id === id));
    for (const [id] of gone) changes.deletePhotos.push({ user, id });
    const batch = batchRecordOf(user, studio, prompt);
    const batchJson = JSON.stringify(batch);
    if (batchJson !== savedBatch) changes.batch = batch;
    if (!changes.batch && changes.putPhotos.length + changes.deletePhotos.length + changes.putBlobs.length === 0) {
      return;
    }

    await db.write(changes);
    for (const [blob, name] of named) fileNames.set(blob, name);
    for (const [url, name] of newPreviews) previewNames.set(url, name);
    for (const [url, source] of newRooms) rooms.set(url, source);
    for (const [, gonePhoto] of gone) release(gonePhoto.shown);
    // A photo still preparing keeps no record yet; one saved before it was re-prepared keeps its old one.
    for (const [id, entry] of saved) if (!next.has(id) && !gone.some(([g]) => g === id)) next.set(id, entry);
    saved = next;
    savedBatch = batchJson;
  }

  function release(urls: readonly string[]): void {
    for (const url of urls) {
      if (rooms.delete(url) && url.startsWith('blob:')) URL.revokeObjectURL(url);
    }
  }

  async function writeReporting(user: string, state: Snapshot): Promise<void> {
    try {
      await write(user, state);
    } catch (error) {
      if (state.studio.images.length > 0) deps.onWriteFailed(error);
    }
  }

  /** Brings back the user's stored photos that are not on screen already (a visitor's, carried over). */
  function apply(user: string, stored: StoredStudio): void {
    const current = store.get(studioAtom);
    const onScreen = new Set(current.images.map((img) => img.id));
    const matched: Record<string, string[]> = {};
    const editIds: Record<string, string> = {};
    const serverUrls: Record<string, string> = {};
    const images = stored.photos.flatMap((record) => {
      if (onScreen.has(record.id)) return [];
      const restored = restorePhoto(record, stored.blobs, (blob) => URL.createObjectURL(blob));
      if (!restored) return [];
      restored.rooms.forEach((source, url) => {
        rooms.set(url, source);
        serverUrls[url] = source.url;
      });
      Object.assign(matched, restored.matched);
      Object.assign(editIds, restored.editIds);
      saved.set(record.id, { record, json: JSON.stringify(record), shown: restored.image.variations });
      fileNames.set(restored.image.file, record.file.blob);
      if (record.preview) previewNames.set(restored.image.previewUrl, record.preview);
      return [restored.image];
    });
    store.set(matchedWordsAtom, (words) => ({ ...words, ...matched }));
    store.set(editIdsAtom, (ids) => ({ ...ids, ...editIds }));
    store.set(restoredRoomUrlsAtom, (urls) => ({ ...urls, ...serverUrls }));
    // Nothing on screen yet: the batch's prompt comes back with its photos.
    if (current.images.length === 0 && stored.batch) {
      store.set(promptModeAtom, stored.batch.promptMode);
      store.set(customPromptAtom, stored.batch.customPrompt);
      savedBatch = JSON.stringify({ ...stored.batch, user });
    }
    store.set(studioAtom, mergeStudio(current, restoreStudio(images, stored.batch)));
  }

  /** The previous user's studio leaves the screen at once; its object URLs go once its last changes are written. */
  function clearScreen(): void {
    store.set(studioAtom, EMPTY_STUDIO);
    store.set(promptModeAtom, 'auto');
    store.set(customPromptAtom, '');
  }

  function forget(studio: StudioState): void {
    for (const image of studio.images) {
      URL.revokeObjectURL(image.previewUrl);
      release(image.variations);
    }
    saved = new Map();
    savedBatch = '';
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    enqueue(async () => {
      if (owner !== null) await writeReporting(owner, snapshot());
    });
  }

  return {
    switchOwner(next, previous) {
      const from = owner;
      owner = null;
      clearTimeout(timer);
      const last = snapshot();
      // A visitor's photos are theirs when they sign up or in; a signed-in user's never follow someone else.
      const carry = previous === null || previous.visitor;
      if (!carry) clearScreen();
      enqueue(async () => {
        if (from !== null) await writeReporting(from, last);
        if (!carry) forget(last.studio);
        try {
          const db = await deps.db;
          const moving = from ?? (next.visitor ? SIGNED_OUT_KEY : null);
          if (carry && moving !== null && moving !== next.key) await db.move(moving, next.key);
          apply(next.key, await db.load(next.key));
        } catch (error) {
          console.warn('The studio could not be restored from this browser', error);
        }
        if (disposed) return;
        owner = next.key;
        lastAttempts = attemptKeys(store.get(studioAtom));
        flush();
        deps.onRestored();
      });
    },

    changed() {
      if (owner === null) return;
      const attempts = attemptKeys(store.get(studioAtom));
      // A sent staging is written at once: a reload right after must find its key to resume it.
      if (attempts !== lastAttempts) {
        lastAttempts = attempts;
        flush();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(flush, WRITE_DEBOUNCE_MS);
    },

    settled() {
      return queue;
    },

    dispose() {
      clearTimeout(timer);
      disposed = true;
      owner = null;
    },
  };
}
