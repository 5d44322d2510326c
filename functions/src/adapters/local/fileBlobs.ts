/**
 * Blobs in a local folder, served by this backend at {baseUrl}/blobs/{path} (the local host, or
 * the api function when the Emulator Suite has no Storage emulator). The bytes live under files/
 * and their content type beside them under types/, so a stored path can never collide with its
 * metadata. Writes go to a temp file first and are renamed into place.
 *
 * Public paths are served to anyone. A private path is served only with the query of a signed URL:
 * `expires` (epoch seconds) and `signature`, an HMAC of the path and that time under a key kept in
 * the folder, outside files/ so no blob path can name it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertPublicBlobPath,
  assertSafeBlobPath,
  BLOBS_ROUTE,
  isPublicBlobPath,
  UnsafeBlobPath,
  type ServedBlobs,
  type StoredBlob,
} from '../../ports/blobs.js';
import { writeFileAtomically } from './atomicFile.js';
import { loadOrCreateKey } from './localKeys.js';

/** The folder's signing key, created on first use. */
export function blobSigningKey(rootDir: string): string {
  return loadOrCreateKey(join(rootDir, 'signing-key'), () => randomBytes(32).toString('base64url'));
}

export interface FileBlobsOptions {
  rootDir: string;
  /** Where the blob route is mounted, e.g. http://127.0.0.1:5050 or http://127.0.0.1:5000/api. */
  baseUrl: string;
  signingKey: string;
  /** Epoch ms; tests move it to see a URL expire. */
  now?: () => number;
}

export function createFileBlobs(options: FileBlobsOptions): ServedBlobs {
  const { signingKey, now = Date.now } = options;
  if (!signingKey) throw new Error('Local blob URLs need a signing key');
  const base = options.baseUrl.replace(/\/+$/, '');
  const filePath = (path: string) => join(options.rootDir, 'files', ...path.split('/'));
  const typePath = (path: string) => join(options.rootDir, 'types', ...path.split('/'));
  const routeUrl = (path: string) => `${base}${BLOBS_ROUTE}/${path}`;
  const signature = (path: string, expires: string) =>
    createHmac('sha256', signingKey).update(`${path}\n${expires}`).digest('base64url');

  function signatureHolds(path: string, query: URLSearchParams): boolean {
    const expires = query.get('expires') ?? '';
    const given = Buffer.from(query.get('signature') ?? '');
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
    const expected = Buffer.from(signature(path, expires));
    return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
  }

  async function get(path: string): Promise<StoredBlob | null> {
    assertSafeBlobPath(path);
    try {
      const [data, contentType] = await Promise.all([readFile(filePath(path)), readFile(typePath(path), 'utf8')]);
      return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType };
    } catch (error) {
      // A folder (EISDIR) or a path through a file (ENOTDIR) names no blob either.
      if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }

  return {
    get,
    async put(path, data, contentType) {
      assertSafeBlobPath(path);
      await Promise.all([writeFileAtomically(typePath(path), contentType), writeFileAtomically(filePath(path), data)]);
    },
    async delete(path) {
      assertSafeBlobPath(path);
      await Promise.all([rm(filePath(path), { force: true }), rm(typePath(path), { force: true })]);
    },
    publicUrl(path) {
      assertPublicBlobPath(path);
      return routeUrl(path);
    },
    async signedUrl(path, ttlMs) {
      assertSafeBlobPath(path);
      const expires = String(Math.ceil((now() + ttlMs) / 1000));
      return `${routeUrl(path)}?${new URLSearchParams({ expires, signature: signature(path, expires) })}`;
    },
    async read(path, query, withheld = false) {
      try {
        assertSafeBlobPath(path);
      } catch (error) {
        if (error instanceof UnsafeBlobPath) return { kind: 'missing' };
        throw error;
      }
      if (withheld && !signatureHolds(path, query)) return { kind: 'missing' };
      if (!isPublicBlobPath(path) && !signatureHolds(path, query)) return { kind: 'refused' };
      const blob = await get(path);
      return blob ? { kind: 'found', blob } : { kind: 'missing' };
    },
  };
}
