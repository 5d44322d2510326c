import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { BRUSH_DROP, BRUSH_KEEP, emptyBrushMask } from '@flipstage/core';
import { customPromptAtom, promptModeAtom, studioAtom } from '../studioAtoms';
import { editIdsAtom, matchedWordsAtom } from '../previewAtoms';
import {
  addImages,
  changeChoice,
  clearAll,
  markProcessed,
  markProcessing,
  markSent,
  newStudioImage,
  removeImage,
  setImageChoice,
  setMark,
  type StageAttempt,
  type StudioImage,
} from '../studioState';
import { SIGNED_OUT_KEY, type BatchRecord, type PhotoRecord, type StudioOwner } from './records';
import type { StudioDb, StudioWrite } from './studioDb';
import { createStudioPersister, WRITE_DEBOUNCE_MS } from './studioPersister';
import { serverUrlOfAtom } from './roomUrls';

/** The StudioDb contract over plain maps: what IndexedDB keeps, without a browser. */
function memoryDb() {
  const photos = new Map<string, PhotoRecord>();
  const blobs = new Map<string, Blob>();
  const batches = new Map<string, BatchRecord>();
  const writes: StudioWrite[] = [];
  const db: StudioDb = {
    async load(user) {
      const mine = [...photos.values()].filter((p) => p.user === user).sort((a, b) => a.position - b.position);
      const names = new Map<string, Blob>();
      for (const [key, blob] of blobs)
        if (mine.some((p) => key.startsWith(`${p.id}|`))) names.set(key.split('|')[1]!, blob);
      return { photos: mine, blobs: names, batch: batches.get(user) ?? null };
    },
    async write(changes) {
      writes.push(changes);
      for (const b of changes.putBlobs) blobs.set(`${b.photo}|${b.name}`, b.blob);
      for (const p of changes.putPhotos) photos.set(`${p.user}|${p.id}`, p);
      for (const b of changes.deleteBlobs) blobs.delete(`${b.photo}|${b.name}`);
      for (const { user, id } of changes.deletePhotos) {
        photos.delete(`${user}|${id}`);
        for (const key of blobs.keys()) if (key.startsWith(`${id}|`)) blobs.delete(key);
      }
      if (changes.batch) batches.set(changes.batch.user, changes.batch);
    },
    async move(from, to) {
      for (const [key, p] of photos) {
        if (p.user !== from) continue;
        photos.delete(key);
        photos.set(`${to}|${p.id}`, { ...p, user: to });
      }
      const batch = batches.get(from);
      if (batch && !batches.has(to)) batches.set(to, { ...batch, user: to });
      batches.delete(from);
    },
  };
  const photosOf = (user: string) => [...photos.values()].filter((p) => p.user === user);
  return { db, photos, blobs, writes, photosOf };
}

const SELLER: StudioOwner = { key: 'seller-uid', visitor: false };
const OTHER: StudioOwner = { key: 'other-uid', visitor: false };
const VISITOR: StudioOwner = { key: SIGNED_OUT_KEY, visitor: true };
const ATTEMPT: StageAttempt = {
  idempotencyKey: 'key-1',
  variant: 0,
  request: { prompt: 'a sofa', style: 'coastal', furnitureType: 'sofa', mode: 'auto' },
};

function photo(id: string): StudioImage {
  const file = new File([`bytes of ${id}`], `${id}.jpg`, { type: 'image/jpeg' });
  return newStudioImage(id, file, `blob:preview-${id}`, { style: 'modern', furnitureType: 'sofa', editedPrompt: null });
}

function setup(options: { failWrites?: boolean; noDatabase?: boolean } = {}) {
  const store = createStore();
  const memory = memoryDb();
  if (options.failWrites) memory.db.write = () => Promise.reject(new DOMException('Full', 'QuotaExceededError'));
  const db = options.noDatabase ? Promise.reject(new Error('IndexedDB refused')) : Promise.resolve(memory.db);
  db.catch(() => undefined);
  const fetchBlob = vi.fn(async (url: string) => new Blob([`room at ${url}`], { type: 'image/jpeg' }));
  const onWriteFailed = vi.fn();
  const onRestored = vi.fn();
  const persister = createStudioPersister({
    store,
    db,
    fetchBlob,
    onWriteFailed,
    onRestored,
  });
  for (const atom of [studioAtom, promptModeAtom, customPromptAtom, matchedWordsAtom, editIdsAtom]) {
    store.sub(atom, () => persister.changed());
  }
  /** Lets the debounce pass and every write finish. */
  const written = async () => {
    await vi.advanceTimersByTimeAsync(WRITE_DEBOUNCE_MS);
    await persister.settled();
  };
  return { store, memory, persister, fetchBlob, onWriteFailed, onRestored, written };
}

beforeEach(() => {
  vi.useFakeTimers();
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:restored-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('writing the studio through', () => {
  it('keeps each uploaded photo with its file for the signed-in user', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(SELLER, null);
    await persister.settled();
    store.set(studioAtom, (s) => addImages(s, [photo('a'), photo('b')]));
    await written();
    expect(memory.photosOf('seller-uid').map((p) => p.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(memory.blobs.size).toBe(2);
  });

  it('rewrites only the record, not the photo, when a choice changes', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a')]));
    await written();
    const image = store.get(studioAtom).images[0]!;
    store.set(studioAtom, (s) => setImageChoice(s, 'a', changeChoice(image.choice, { style: 'coastal' })));
    await written();
    expect(memory.writes.at(-1)).toMatchObject({ putBlobs: [], putPhotos: [{ choice: { style: 'coastal' } }] });
  });

  it('writes a sent staging at once, without waiting for the debounce', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a')]));
    await written();
    store.set(studioAtom, (s) => markSent(markProcessing(s, ['a']), 'a', ATTEMPT));
    await persister.settled();
    expect(memory.photosOf('seller-uid')[0]).toMatchObject({ status: 'processing', attempt: ATTEMPT });
  });

  it('keeps a copy of a result fetched once, beside its server URL, matched words and image edit', async () => {
    const { store, memory, persister, fetchBlob, written } = setup();
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a')]));
    store.set(studioAtom, (s) => markProcessed(s, 'a', 'https://host/out-1.jpg'));
    store.set(matchedWordsAtom, { 'https://host/out-1.jpg': ['sofa'] });
    store.set(editIdsAtom, { 'https://host/out-1.jpg': 'edit-1' });
    await written();
    store.set(promptModeAtom, 'custom');
    await written();
    expect(fetchBlob).toHaveBeenCalledTimes(1);
    const [room] = memory.photosOf('seller-uid')[0]!.variations;
    expect(room).toMatchObject({ url: 'https://host/out-1.jpg', matched: ['sofa'], editId: 'edit-1' });
    expect(memory.blobs.get(`a|${room!.blob}`)).toBeInstanceOf(Blob);
  });

  it('removes a removed photo’s record and blobs, and Clear All removes them all', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a'), photo('b'), photo('c')]));
    await written();
    store.set(studioAtom, (s) => removeImage(s, 0));
    await written();
    expect(memory.photosOf('seller-uid').map((p) => p.id)).toEqual(['b', 'c']);
    store.set(studioAtom, clearAll());
    await written();
    expect(memory.photos.size).toBe(0);
    expect(memory.blobs.size).toBe(0);
  });

  it('tells once that nothing is kept when a write fails, and the studio goes on', async () => {
    const { store, persister, onWriteFailed, written } = setup({ failWrites: true });
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a')]));
    await written();
    expect(onWriteFailed).toHaveBeenCalled();
    expect(store.get(studioAtom).images).toHaveLength(1);
  });

  it('says so when the browser refuses the database, and the studio goes on without it', async () => {
    const { store, persister, onWriteFailed, written } = setup({ noDatabase: true });
    persister.switchOwner(SELLER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('a')]));
    await written();
    expect(onWriteFailed).toHaveBeenCalled();
    expect(store.get(studioAtom).images).toHaveLength(1);
  });
});

describe('restoring and switching users', () => {
  async function keptFor(owner: StudioOwner, ...ids: string[]) {
    const first = setup();
    first.persister.switchOwner(owner, null);
    first.store.set(studioAtom, (s) => addImages(s, ids.map(photo)));
    first.store.set(customPromptAtom, 'a bright loft');
    first.store.set(promptModeAtom, 'custom');
    await first.written();
    return first.memory;
  }

  /** The seller's studio on a new page, restored from what an earlier page kept. */
  async function reloadFrom(db: Awaited<Parameters<typeof createStudioPersister>[0]['db']>, onRestored = vi.fn()) {
    const store = createStore();
    const reloaded = createStudioPersister({
      store,
      db: Promise.resolve(db),
      fetchBlob: vi.fn(),
      onWriteFailed: vi.fn(),
      onRestored,
    });
    reloaded.switchOwner(SELLER, null);
    await reloaded.settled();
    return store;
  }

  it('brings the user’s photos and prompt back on a new page, and asks for stagings in flight to resume', async () => {
    const memory = await keptFor(SELLER, 'a', 'b');
    const onRestored = vi.fn();
    const store = await reloadFrom(memory.db, onRestored);
    expect(store.get(studioAtom).images.map((img) => img.file.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(store.get(promptModeAtom)).toBe('custom');
    expect(store.get(customPromptAtom)).toBe('a bright loft');
    expect(onRestored).toHaveBeenCalledTimes(1);
  });

  it('brings back a photo’s brush strokes and the seller’s “It is furniture” after a reload', async () => {
    const first = setup();
    first.persister.switchOwner(SELLER, null);
    const strokes = emptyBrushMask(16, 12);
    strokes.cells.fill(BRUSH_KEEP, 20, 40);
    strokes.cells.fill(BRUSH_DROP, 100, 104);
    first.store.set(studioAtom, (s) => addImages(s, [photo('a'), photo('b')]));
    first.store.set(studioAtom, (s) => setMark(s, 'a', { strokes, confirmedFurniture: true }));
    await first.written();
    const store = await reloadFrom(first.memory.db);
    const [a, b] = store.get(studioAtom).images;
    expect(a).toMatchObject({ strokes: { width: 16, height: 12 }, confirmedFurniture: true });
    expect([...a!.strokes!.cells]).toEqual([...strokes.cells]);
    expect(b).toMatchObject({ strokes: null, confirmedFurniture: false });
  });

  it('shows a restored room from its stored copy, and knows the server URL it stands for', async () => {
    const first = setup();
    first.persister.switchOwner(SELLER, null);
    first.store.set(studioAtom, (s) => markProcessed(addImages(s, [photo('a')]), 'a', 'https://host/out-1.jpg'));
    await first.written();
    const store = await reloadFrom(first.memory.db);
    const shown = store.get(studioAtom).images[0]!.outputUrl!;
    expect(shown).toMatch(/^blob:restored-/);
    expect(store.get(serverUrlOfAtom)(shown)).toBe('https://host/out-1.jpg');
  });

  it('clears another user’s photos from the screen at once and shows only the new user’s', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(OTHER, null);
    store.set(studioAtom, (s) => addImages(s, [photo('theirs')]));
    await written();
    persister.switchOwner(SELLER, OTHER);
    expect(store.get(studioAtom).images).toEqual([]);
    store.set(studioAtom, (s) => addImages(s, [photo('mine')]));
    await written();
    persister.switchOwner(OTHER, SELLER);
    await persister.settled();
    expect(store.get(studioAtom).images.map((img) => img.id)).toEqual(['theirs']);
    expect(memory.photosOf('seller-uid').map((p) => p.id)).toEqual(['mine']);
  });

  it('carries a signed-out visitor’s photos to the account they get', async () => {
    const { store, memory, persister, written } = setup();
    persister.switchOwner(VISITOR, null);
    store.set(studioAtom, (s) => addImages(s, [photo('tried')]));
    await written();
    persister.switchOwner(SELLER, VISITOR);
    await written();
    expect(store.get(studioAtom).images.map((img) => img.id)).toEqual(['tried']);
    expect(memory.photosOf('seller-uid').map((p) => p.id)).toEqual(['tried']);
    expect(memory.photosOf(SIGNED_OUT_KEY)).toEqual([]);
  });
});
