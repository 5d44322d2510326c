/**
 * A listing's photos: every upload checked by content and re-encoded without its metadata before
 * any is written, a 128×128 cover thumbnail each (spec §7) and narrower copies for srcset, stored
 * under items/{id}/, and removed when the listing stops showing them. A hidden listing's photos are
 * withheld from the public (served only through a signed URL, to its moderators).
 */
import { randomUUID } from 'node:crypto';
import { MAX_ITEM_IMAGES, MESSAGES, type PhotoVariants } from '@flipstage/core';
import { type Blobs } from '../ports/blobs.js';
import type { ItemDoc, Store } from '../ports/store.js';
import type { Images, ListingCopies } from '../ports/images.js';
import { ServiceError } from './errors.js';
import { checkedUpload, decoding } from './uploads.js';
import { stagedOutputPath } from './stagingFiles.js';

export interface UploadedImage {
  data: Uint8Array;
}

/**
 * Every image decoded and re-encoded before any is written, so a bad file leaves nothing behind.
 * One at a time: eight full-size decodes at once would need gigabytes.
 */
export async function prepareImages(images: Images, uploads: UploadedImage[]): Promise<ListingCopies[]> {
  if (uploads.length > MAX_ITEM_IMAGES) throw new ServiceError('too-large', MESSAGES.tooManyFiles);
  const prepared: ListingCopies[] = [];
  for (const { data } of uploads) {
    const sniffed = await checkedUpload(images, data, MESSAGES.itemImagesOnly);
    prepared.push(await decoding(() => images.listingCopies(data, sniffed)));
  }
  return prepared;
}

export interface StoredMedia {
  images: string[];
  thumbs: string[];
  variants: PhotoVariants[];
  /** What was written, to remove if the listing is not saved after all. */
  paths: string[];
}

/** Best effort: the caller reports the failure that led here, not a failed clean-up. */
async function removeBlobs(blobs: Blobs, paths: readonly string[]): Promise<void> {
  await Promise.allSettled(paths.map((path) => blobs.delete(path)));
}

/** One photo's files, named after one random name: {name}.ext, {name}-thumb.jpg, {name}-{width}w.ext. */
async function storePhoto(blobs: Blobs, itemId: string, copies: ListingCopies, paths: string[]) {
  const name = `items/${itemId}/${randomUUID()}`;
  const files = [
    { path: `${name}.${copies.image.ext}`, data: copies.image.data, contentType: copies.image.contentType },
    { path: `${name}-thumb.jpg`, data: copies.thumb, contentType: 'image/jpeg' },
    ...copies.variants.map((v) => ({ path: `${name}-${v.width}w.${v.ext}`, data: v.data, contentType: v.contentType })),
  ];
  paths.push(...files.map((file) => file.path));
  await Promise.all(files.map((file) => blobs.put(file.path, file.data, file.contentType)));
  const [url, thumbUrl, ...variantUrls] = files.map((file) => blobs.publicUrl(file.path));
  const variants: PhotoVariants = {
    width: copies.width,
    height: copies.height,
    sources: copies.variants.map((v, i) => ({ width: v.width, url: variantUrls[i]! })),
  };
  return { url: url!, thumbUrl: thumbUrl!, variants };
}

export async function storeImages(blobs: Blobs, itemId: string, prepared: ListingCopies[]): Promise<StoredMedia> {
  const paths: string[] = [];
  try {
    const stored = await Promise.all(prepared.map((copies) => storePhoto(blobs, itemId, copies, paths)));
    return {
      images: stored.map((s) => s.url),
      thumbs: stored.map((s) => s.thumbUrl),
      variants: stored.map((s) => s.variants),
      paths,
    };
  } catch (error) {
    await removeBlobs(blobs, paths);
    throw error;
  }
}

/** Runs the database write; if it fails, the files stored for it are removed. */
export async function savingMedia<T>(blobs: Blobs, media: StoredMedia | null, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (media) await removeBlobs(blobs, media.paths);
    throw error;
  }
}

const STAGED_OUTPUT_URL = /image-edits(?:\/|%2F)([A-Za-z0-9_-]+)(?:\/|%2F)([0-9a-f-]{36})(?:\/|%2F)staged\.jpg/i;

/**
 * True when one of the URLs names a staging result of this user that exists. Signed URLs differ
 * at every read, so the path they name is what counts: the user's own id and an edit id nobody
 * can guess.
 */
export async function cameFromOwnStaging(blobs: Blobs, uid: string, urls: readonly string[]): Promise<boolean> {
  for (const url of urls.slice(0, MAX_ITEM_IMAGES)) {
    const match = STAGED_OUTPUT_URL.exec(url);
    if (!match || match[1] !== uid) continue;
    if (await blobs.get(stagedOutputPath(uid, match[2]!))) return true;
  }
  return false;
}

type ListingMedia = Pick<ItemDoc, 'id' | 'images' | 'thumbs' | 'variants'>;

/**
 * The paths of a listing's photos, thumbnails and variants: each stored URL whose path lies in the
 * item's folder and is exactly the URL the Blobs adapter gives for it, so nothing else is ever named.
 */
export function listingPhotoPaths(blobs: Blobs, item: ListingMedia): string[] {
  const folder = `items/${item.id}/`;
  const urls = [...item.images, ...item.thumbs, ...item.variants.flatMap((v) => v.sources.map((s) => s.url))];
  return urls.flatMap((url) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url).pathname);
    } catch {
      return [];
    }
    const at = pathname.lastIndexOf(folder);
    const path = at >= 0 ? pathname.slice(at) : '';
    try {
      return path && blobs.publicUrl(path) === url ? [path] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Whether a path is a photo of a listing hidden from the marketplace (by reports or a moderator):
 * the backend's own blob route then serves it only through a signed URL, as storage.rules does on
 * Cloud Storage.
 */
export function withheldListingPhotos(store: Pick<Store, 'getItem'>): (path: string) => Promise<boolean> {
  return async (path) => {
    const itemId = /^items\/([^/]+)\//.exec(path)?.[1];
    return itemId ? (await store.getItem(itemId))?.hidden === true : false;
  };
}

/** A URL that shows a hidden listing's photo to a moderator for `ttlMs`; any other URL as it is. */
export async function moderatorsPhotoUrl(
  blobs: Blobs,
  item: Pick<ItemDoc, 'id' | 'hidden'>,
  url: string,
  ttlMs: number,
): Promise<string> {
  if (!item.hidden) return url;
  const [path] = listingPhotoPaths(blobs, { id: item.id, images: [url], thumbs: [], variants: [] });
  return path ? blobs.signedUrl(path, ttlMs) : url;
}

/**
 * Deletes a listing's photos from storage, best effort: call it once the listing no longer shows
 * them (its images were replaced, or the listing was deleted). A file left behind is only storage.
 */
export async function removeListingPhotos(blobs: Blobs, item: ListingMedia): Promise<void> {
  await removeBlobs(blobs, listingPhotoPaths(blobs, item));
}
