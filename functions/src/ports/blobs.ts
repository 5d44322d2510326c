/**
 * The Blobs port: files by path, served at public URLs (Cloud Storage or the local folder).
 */

export interface StoredBlob {
  data: Uint8Array;
  contentType: string;
}

export interface Blobs {
  /** Stores the bytes and returns their public URL. Throws UnsafeBlobPath. */
  put(path: string, data: Uint8Array, contentType: string): Promise<string>;
  get(path: string): Promise<StoredBlob | null>;
  /** Removes the file; a missing one is not an error. Throws UnsafeBlobPath. */
  delete(path: string): Promise<void>;
  /** The public URL of a path (whether or not it exists yet). */
  url(path: string): string;
}

export class UnsafeBlobPath extends Error {
  constructor(readonly path: string) {
    super(`Unsafe blob path: ${JSON.stringify(path)}`);
    this.name = 'UnsafeBlobPath';
  }
}

const BLOB_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Relative, slash-separated, no empty/dot segments, plain characters only: safe on every backend. */
export function assertSafeBlobPath(path: string): void {
  const segments = path.split('/');
  const ok = segments.length <= 8 && segments.every((s) => BLOB_SEGMENT.test(s) && !s.includes('..'));
  if (!ok) throw new UnsafeBlobPath(path);
}
