/**
 * A small typed wrapper over the browser's IndexedDB for the studio's records: photos by user,
 * their blobs by photo, one batch record per user. Each call is one transaction, so a write lands
 * whole or not at all.
 */
import type { BatchRecord, BlobRecord, PhotoRecord } from './records';

const DB_NAME = 'flipstage-studio';
const DB_VERSION = 1;
const PHOTOS = 'photos';
const BLOBS = 'blobs';
const BATCHES = 'batches';
const BY_USER = 'user';

/** One user's records as stored. */
export interface StoredStudio {
  photos: PhotoRecord[];
  /** Every blob of those photos, by name (names are unique). */
  blobs: Map<string, Blob>;
  batch: BatchRecord | null;
}

/** The changes of one write, applied in one transaction. */
export interface StudioWrite {
  putBlobs: BlobRecord[];
  putPhotos: PhotoRecord[];
  /** Blobs a photo no longer names. */
  deleteBlobs: { photo: string; name: string }[];
  /** Photos removed from the strip, with all their blobs. */
  deletePhotos: { user: string; id: string }[];
  batch: BatchRecord | null;
}

export interface StudioDb {
  load(user: string): Promise<StoredStudio>;
  write(changes: StudioWrite): Promise<void>;
  /** Gives one user's photos and batch to another (a visitor who signed up or in). */
  move(from: string, to: string): Promise<void>;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every key [photo, name] of one photo: arrays sort after strings, so [photo, []] is past them all. */
function blobsOf(photo: string): IDBKeyRange {
  return IDBKeyRange.bound([photo], [photo, []]);
}

function upgrade(db: IDBDatabase): void {
  const photos = db.createObjectStore(PHOTOS, { keyPath: ['user', 'id'] });
  photos.createIndex(BY_USER, 'user');
  db.createObjectStore(BLOBS, { keyPath: ['photo', 'name'] });
  db.createObjectStore(BATCHES, { keyPath: 'user' });
}

/** Opens the studio's database; rejects where the browser has none or refuses it (some private modes). */
export async function openStudioDb(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<StudioDb> {
  if (!factory) throw new Error('IndexedDB is not available');
  const request = factory.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => upgrade(request.result);
  const db = await done(request);
  return {
    async load(user) {
      const tx = db.transaction([PHOTOS, BLOBS, BATCHES], 'readonly');
      const [photos, batch] = await Promise.all([
        done(tx.objectStore(PHOTOS).index(BY_USER).getAll(user) as IDBRequest<PhotoRecord[]>),
        done(tx.objectStore(BATCHES).get(user) as IDBRequest<BatchRecord | undefined>),
      ]);
      const stored = await Promise.all(
        photos.map((photo) => done(tx.objectStore(BLOBS).getAll(blobsOf(photo.id)) as IDBRequest<BlobRecord[]>)),
      );
      const blobs = new Map(stored.flat().map((record) => [record.name, record.blob]));
      photos.sort((a, b) => a.position - b.position);
      return { photos, blobs, batch: batch ?? null };
    },

    async write(changes) {
      const tx = db.transaction([PHOTOS, BLOBS, BATCHES], 'readwrite');
      const photos = tx.objectStore(PHOTOS);
      const blobs = tx.objectStore(BLOBS);
      for (const record of changes.putBlobs) blobs.put(record);
      for (const record of changes.putPhotos) photos.put(record);
      for (const { photo, name } of changes.deleteBlobs) blobs.delete([photo, name]);
      for (const { user, id } of changes.deletePhotos) {
        photos.delete([user, id]);
        blobs.delete(blobsOf(id));
      }
      if (changes.batch) tx.objectStore(BATCHES).put(changes.batch);
      await committed(tx);
    },

    async move(from, to) {
      const tx = db.transaction([PHOTOS, BATCHES], 'readwrite');
      const photos = tx.objectStore(PHOTOS);
      const batches = tx.objectStore(BATCHES);
      const [moving, batch, existing] = await Promise.all([
        done(photos.index(BY_USER).getAll(from) as IDBRequest<PhotoRecord[]>),
        done(batches.get(from) as IDBRequest<BatchRecord | undefined>),
        done(batches.get(to) as IDBRequest<BatchRecord | undefined>),
      ]);
      for (const record of moving) {
        photos.put({ ...record, user: to });
        photos.delete([from, record.id]);
      }
      if (batch && !existing) batches.put({ ...batch, user: to });
      batches.delete(from);
      await committed(tx);
    },
  };
}
