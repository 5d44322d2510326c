/**
 * Blobs on Cloud Storage for Firebase, served by the Firebase Storage download endpoint
 * (`/v0/b/{bucket}/o/{path}?alt=media`), which applies storage.rules.
 *
 * - Marketplace images (`items/…`) are public by rule, so their URL carries no token.
 * - Everything else (image edits under `image-edits/{uid}/…`) is readable by its owner only. An
 *   `<img>` tag cannot send the owner's ID token, so the URL carries a Firebase download token
 *   (object metadata `firebaseStorageDownloadTokens`), which the endpoint accepts instead of the
 *   rules. The URL is thus a capability: the backend hands it only to the owner (in the stage
 *   response and the owner-only image_edits document), and the rules stop anyone listing paths.
 *
 * The token is an HMAC of the path under a server-side secret rather than a random UUID, because
 * the Blobs port promises `url(path)` synchronously and without a lookup: the same path always
 * yields the same URL, and nobody can mint one from a path alone.
 */
import { createHmac } from 'node:crypto';
import type { Storage } from 'firebase-admin/storage';
import { assertSafeBlobPath, type Blobs, type StoredBlob } from '../../ports/blobs.js';

type Bucket = ReturnType<Storage['bucket']>;

export const PRODUCTION_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';
/** storage.rules makes these public; keep the two in step. */
export const PUBLIC_BLOB_PREFIXES = ['items/'] as const;

export interface StorageBlobsOptions {
  bucket: Bucket;
  /** Keys the download tokens; changing it changes every non-public URL handed out from then on. */
  tokenSecret: string;
  /** Where the download endpoint lives: production, or the Storage emulator's http://host:port. */
  origin: string;
  publicPrefixes?: readonly string[];
}

/** The download endpoint's origin: the emulator's when FIREBASE_STORAGE_EMULATOR_HOST is set. */
export function storageOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const emulator = env.FIREBASE_STORAGE_EMULATOR_HOST;
  return emulator ? `http://${emulator.replace(/^https?:\/\//, '')}` : PRODUCTION_STORAGE_ORIGIN;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}

export function createStorageBlobs({ bucket, tokenSecret, origin, publicPrefixes = PUBLIC_BLOB_PREFIXES }: StorageBlobsOptions): Blobs {
  if (!tokenSecret) throw new Error('Storage download tokens need a secret');
  const isPublic = (path: string) => publicPrefixes.some((prefix) => path.startsWith(prefix));

  /** UUID-shaped like the tokens Firebase itself issues. */
  function downloadToken(path: string): string {
    const hex = createHmac('sha256', tokenSecret).update(`${bucket.name}/${path}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }

  function url(path: string): string {
    assertSafeBlobPath(path);
    const base = `${origin}/v0/b/${bucket.name}/o/${encodeURIComponent(path)}?alt=media`;
    return isPublic(path) ? base : `${base}&token=${downloadToken(path)}`;
  }

  return {
    url,

    async put(path, data, contentType) {
      assertSafeBlobPath(path);
      const publicPath = isPublic(path);
      await bucket.file(path).save(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        resumable: false,
        contentType,
        metadata: {
          cacheControl: publicPath ? 'public, max-age=3600' : 'private, max-age=3600',
          ...(publicPath ? {} : { metadata: { firebaseStorageDownloadTokens: downloadToken(path) } }),
        },
      });
      return url(path);
    },

    async get(path): Promise<StoredBlob | null> {
      assertSafeBlobPath(path);
      const file = bucket.file(path);
      try {
        const [[metadata], [data]] = await Promise.all([file.getMetadata(), file.download()]);
        return { data: new Uint8Array(data), contentType: metadata.contentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(path) {
      assertSafeBlobPath(path);
      await bucket.file(path).delete({ ignoreNotFound: true });
    },
  };
}
