/**
 * Blobs on Cloud Storage for Firebase.
 *
 * - Marketplace photos (`items/…`) are public by storage.rules, so their URL is the Firebase
 *   Storage download endpoint (`/v0/b/{bucket}/o/{path}?alt=media`) with no token: one permanent
 *   URL, stored in the listing.
 * - Every other path (image edits under `image-edits/{uid}/…`) is private. Its files carry no
 *   download token; the owner reads them through a V4 signed URL minted for the read, which
 *   Cloud Storage refuses once it expires. In Cloud Functions the Admin SDK signs through the IAM
 *   signBlob API, so the function's service account needs roles/iam.serviceAccountTokenCreator
 *   on itself.
 *
 * Signing costs an IAM call, and a dashboard page shows 24 edits of two images each, so an
 * instance hands a signed URL out again while more than half its life is left (SignedUrlCache).
 *
 * The Storage emulator neither checks signatures nor has credentials to sign with: there a
 * private path's URL is the emulator's Cloud Storage object URL, which it serves to anyone.
 */
import type { Storage } from 'firebase-admin/storage';
import {
  assertPublicBlobPath,
  assertSafeBlobPath,
  isPublicBlobPath,
  type Blobs,
  type StoredBlob,
} from '../../ports/blobs.js';

type Bucket = ReturnType<Storage['bucket']>;

export const PRODUCTION_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

export interface StorageBlobsOptions {
  bucket: Bucket;
  /** Where the download endpoint lives: production, or the Storage emulator's http://host:port. */
  origin: string;
  now?: () => number;
}

/** Bounded, so an instance that serves many owners keeps only the newest URLs. */
const MAX_CACHED_URLS = 10_000;

/** Signed URLs by path and lifetime, each reused while at least half its lifetime is left. */
function signedUrlCache(now: () => number) {
  const urls = new Map<string, { url: string; expires: number }>();
  return async (path: string, ttlMs: number, sign: (expires: number) => Promise<string>): Promise<string> => {
    const key = `${ttlMs} ${path}`;
    const cached = urls.get(key);
    if (cached && cached.expires - now() >= ttlMs / 2) return cached.url;
    const expires = now() + ttlMs;
    const url = await sign(expires);
    urls.delete(key);
    urls.set(key, { url, expires });
    if (urls.size > MAX_CACHED_URLS) urls.delete(urls.keys().next().value as string);
    return url;
  };
}

/** The download endpoint's origin: the emulator's when FIREBASE_STORAGE_EMULATOR_HOST is set. */
export function storageOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const emulator = env.FIREBASE_STORAGE_EMULATOR_HOST;
  return emulator ? `http://${emulator.replace(/^https?:\/\//, '')}` : PRODUCTION_STORAGE_ORIGIN;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}

export function createStorageBlobs({ bucket, origin, now = Date.now }: StorageBlobsOptions): Blobs {
  const emulated = origin !== PRODUCTION_STORAGE_ORIGIN;
  const cachedSignedUrl = signedUrlCache(now);

  return {
    publicUrl(path) {
      assertPublicBlobPath(path);
      return `${origin}/v0/b/${bucket.name}/o/${encodeURIComponent(path)}?alt=media`;
    },

    async signedUrl(path, ttlMs) {
      assertSafeBlobPath(path);
      if (emulated) return `${origin}/${bucket.name}/${path.split('/').map(encodeURIComponent).join('/')}`;
      return cachedSignedUrl(path, ttlMs, async (expires) => {
        const [url] = await bucket.file(path).getSignedUrl({ version: 'v4', action: 'read', expires });
        return url;
      });
    },

    async put(path, data, contentType) {
      assertSafeBlobPath(path);
      await bucket.file(path).save(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        resumable: false,
        contentType,
        // Shared caches keep a listing's photo no longer than its page (s-maxage 60), so a hidden
        // listing's photos leave them within a minute of storage.rules withholding them.
        metadata: {
          cacheControl: isPublicBlobPath(path) ? 'public, max-age=3600, s-maxage=60' : 'private, max-age=3600',
        },
      });
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
