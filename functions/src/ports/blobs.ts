/**
 * The Blobs port: files by path (Cloud Storage or a local folder). Public paths (`items/…`,
 * marketplace photos) have one permanent URL; every other path is private to its owner and is
 * read only through a signed URL that expires, minted when the owner asks for it and never stored.
 */

export interface StoredBlob {
  data: Uint8Array;
  contentType: string;
}

export interface Blobs {
  /** Stores the bytes. Throws UnsafeBlobPath. */
  put(path: string, data: Uint8Array, contentType: string): Promise<void>;
  get(path: string): Promise<StoredBlob | null>;
  /** Removes the file; a missing one is not an error. Throws UnsafeBlobPath. */
  delete(path: string): Promise<void>;
  /** The permanent URL of a public path (whether or not it exists yet). Throws UnsafeBlobPath or PrivateBlobPath. */
  publicUrl(path: string): string;
  /**
   * A URL that reads the path for `ttlMs` from now, then stops working; an adapter may hand the same
   * URL out again while at least half of that is left. Throws UnsafeBlobPath.
   */
  signedUrl(path: string, ttlMs: number): Promise<string>;
}

/** Where a backend that serves its blobs itself mounts them: {baseUrl}/blobs/{path}. */
export const BLOBS_ROUTE = '/blobs';

/** What a request to a blob URL served by this backend itself (not by Cloud Storage) may read. */
export type BlobRead = { kind: 'found'; blob: StoredBlob } | { kind: 'missing' } | { kind: 'refused' };

/** Blobs this backend serves itself: it checks the signature of a private path's URL. */
export interface ServedBlobs extends Blobs {
  /**
   * `query` is the URL's query string; a private path needs the unexpired signature signedUrl gave.
   * `withheld` treats a public path as private for this read (a hidden listing's photos): without
   * the signature it is missing, as if it had never been there.
   */
  read(path: string, query: URLSearchParams, withheld?: boolean): Promise<BlobRead>;
}

export class UnsafeBlobPath extends Error {
  constructor(readonly path: string) {
    super(`Unsafe blob path: ${JSON.stringify(path)}`);
    this.name = 'UnsafeBlobPath';
  }
}

export class PrivateBlobPath extends Error {
  constructor(readonly path: string) {
    super(`Blob path ${JSON.stringify(path)} is private: it has signed URLs only`);
    this.name = 'PrivateBlobPath';
  }
}

/** storage.rules makes these readable by anyone; keep the two in step. */
export const PUBLIC_BLOB_PREFIXES = ['items/'] as const;

export function isPublicBlobPath(path: string): boolean {
  return PUBLIC_BLOB_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const BLOB_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Relative, slash-separated, no empty/dot segments, plain characters only: safe on every backend. */
export function assertSafeBlobPath(path: string): void {
  const segments = path.split('/');
  const ok = segments.length <= 8 && segments.every((s) => BLOB_SEGMENT.test(s) && !s.includes('..'));
  if (!ok) throw new UnsafeBlobPath(path);
}

export function assertPublicBlobPath(path: string): void {
  assertSafeBlobPath(path);
  if (!isPublicBlobPath(path)) throw new PrivateBlobPath(path);
}
