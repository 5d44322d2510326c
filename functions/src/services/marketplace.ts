/**
 * Marketplace listings (spec §2, §3, §5; DESIGN §4): the item form rules from core, images
 * checked by content and stored without their metadata, a 128×128 cover thumbnail per image,
 * keyword search with opaque cursors. A refused request stores nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  itemFormSchema,
  MAX_ITEM_IMAGES,
  MESSAGES,
  parseWith,
  type Item,
  type ItemDetail,
  type ItemsPage,
} from '@flipstage/core';
import { type Blobs } from '../ports/blobs.js';
import { ItemNotFound, NotItemOwner, type ItemDoc, type Store } from '../ports/store.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';
import { invalid, ServiceError } from './errors.js';
import type { Images, WebImage } from '../ports/images.js';
import { checkedUpload, decoding } from './uploads.js';
import { itemKeywords, queryTokens } from './searchTokens.js';
import { stagedOutputPath } from './staging.js';

export interface MarketplaceDeps {
  store: Store;
  blobs: Blobs;
  images: Images;
}

export interface UploadedImage {
  data: Uint8Array;
}

export interface ItemSubmission {
  uid: string;
  fields: Record<string, string | undefined>;
  images: UploadedImage[];
  /** Studio output URLs the attached images were fetched from (ITEM_STAGED_FROM_FIELD). */
  stagedFrom?: string[];
}

export function toItem(doc: ItemDoc): Item {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    price: doc.price,
    tags: doc.tags,
    images: doc.images,
    thumbs: doc.thumbs,
    owner: doc.owner,
    state: doc.state,
    aiStaged: doc.aiStaged,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

function parseForm(fields: ItemSubmission['fields']) {
  const form = parseWith(
    itemFormSchema,
    {
      title: fields.title ?? '',
      description: fields.description ?? '',
      price: fields.price ?? '',
      tags: fields.tags,
      state: fields.state?.trim() || undefined,
    },
    invalid,
  );
  return { ...form, keywords: itemKeywords(form) };
}

type PreparedImage = { image: WebImage; thumb: Uint8Array };

/**
 * Every image decoded and re-encoded before any is written, so a bad file leaves nothing behind.
 * One at a time: eight full-size decodes at once would need gigabytes.
 */
async function prepareImages(images: Images, uploads: UploadedImage[]): Promise<PreparedImage[]> {
  if (uploads.length > MAX_ITEM_IMAGES) throw new ServiceError('too-large', MESSAGES.tooManyFiles);
  const prepared: PreparedImage[] = [];
  for (const { data } of uploads) {
    const sniffed = await checkedUpload(images, data, MESSAGES.itemImagesOnly);
    prepared.push(await decoding(() => images.withThumbnail(data, sniffed)));
  }
  return prepared;
}

interface StoredMedia {
  images: string[];
  thumbs: string[];
  /** What was written, to remove if the listing is not saved after all. */
  paths: string[];
}

/** Best effort: the caller reports the failure that led here, not a failed clean-up. */
async function removeBlobs(blobs: Blobs, paths: readonly string[]): Promise<void> {
  await Promise.allSettled(paths.map((path) => blobs.delete(path)));
}

async function storeImages(blobs: Blobs, itemId: string, prepared: PreparedImage[]): Promise<StoredMedia> {
  const paths: string[] = [];
  try {
    const stored = await Promise.all(
      prepared.map(async ({ image, thumb }) => {
        const name = randomUUID();
        const imagePath = `items/${itemId}/${name}.${image.ext}`;
        const thumbPath = `items/${itemId}/${name}-thumb.jpg`;
        paths.push(imagePath, thumbPath);
        await Promise.all([blobs.put(imagePath, image.data, image.contentType), blobs.put(thumbPath, thumb, 'image/jpeg')]);
        return { url: blobs.publicUrl(imagePath), thumbUrl: blobs.publicUrl(thumbPath) };
      }),
    );
    return { images: stored.map((s) => s.url), thumbs: stored.map((s) => s.thumbUrl), paths };
  } catch (error) {
    await removeBlobs(blobs, paths);
    throw error;
  }
}

/** Runs the database write; if it fails, the files stored for it are removed. */
async function savingMedia<T>(blobs: Blobs, media: StoredMedia | null, save: () => Promise<T>): Promise<T> {
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
async function cameFromOwnStaging(blobs: Blobs, uid: string, urls: readonly string[]): Promise<boolean> {
  for (const url of urls.slice(0, MAX_ITEM_IMAGES)) {
    const match = STAGED_OUTPUT_URL.exec(url);
    if (!match || match[1] !== uid) continue;
    if (await blobs.get(stagedOutputPath(uid, match[2]!))) return true;
  }
  return false;
}

/**
 * The paths of a listing's photos and thumbnails: each stored URL whose path lies in the item's
 * folder and is exactly the URL the Blobs adapter gives for it, so nothing else is ever named.
 */
function listingPhotoPaths(blobs: Blobs, item: Pick<ItemDoc, 'id' | 'images' | 'thumbs'>): string[] {
  const folder = `items/${item.id}/`;
  return [...item.images, ...item.thumbs].flatMap((url) => {
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
 * Deletes a listing's photos from storage, best effort: call it once the listing no longer shows
 * them (its images were replaced, or the listing was deleted). A file left behind is only storage.
 */
export async function removeListingPhotos(
  blobs: Blobs,
  item: Pick<ItemDoc, 'id' | 'images' | 'thumbs'>,
): Promise<void> {
  await removeBlobs(blobs, listingPhotoPaths(blobs, item));
}

export async function createItem(deps: MarketplaceDeps, submission: ItemSubmission): Promise<Item> {
  const form = parseForm(submission.fields);
  const prepared = await prepareImages(deps.images, submission.images);
  const aiStaged =
    prepared.length > 0 && (await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []));
  const id = randomUUID();
  const media = await storeImages(deps.blobs, id, prepared);
  const now = new Date().toISOString();
  const doc = await savingMedia(deps.blobs, media, () =>
    deps.store.createItem({
      id,
      owner: submission.uid,
      ...form,
      images: media.images,
      thumbs: media.thumbs,
      aiStaged,
      created_at: now,
      updated_at: now,
    }),
  );
  return toItem(doc);
}

/** Owner only. New images replace the item's images, whose files are deleted; an update without images keeps them. */
export async function updateItem(deps: MarketplaceDeps, id: string | undefined, submission: ItemSubmission): Promise<Item> {
  if (!id) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  const existing = await deps.store.getItem(id);
  if (!existing) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  if (existing.owner !== submission.uid) throw new ServiceError('forbidden', MESSAGES.notOwner);
  const form = parseForm(submission.fields);
  const prepared = await prepareImages(deps.images, submission.images);
  const aiStaged =
    prepared.length > 0 && (await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []));
  const media = prepared.length > 0 ? await storeImages(deps.blobs, id, prepared) : null;
  try {
    const doc = await savingMedia(deps.blobs, media, () =>
      deps.store.updateItem(id, submission.uid, {
        ...form,
        ...(media ? { images: media.images, thumbs: media.thumbs, aiStaged } : {}),
        updated_at: new Date().toISOString(),
      }),
    );
    // The replaced photos are public by path, so they go: a removed photo must stop being served.
    if (media) await removeListingPhotos(deps.blobs, existing);
    return toItem(doc);
  } catch (error) {
    if (error instanceof ItemNotFound) throw new ServiceError('not-found', MESSAGES.itemNotFound);
    if (error instanceof NotItemOwner) throw new ServiceError('forbidden', MESSAGES.notOwner);
    throw error;
  }
}

/**
 * One listing for its own page, sold ones included: a shared link keeps working and says Sold
 * (browsing still shows sold items only to their owner). The seller is named by the profile
 * name alone, never by the email address.
 */
export async function getItemDetail(deps: Pick<MarketplaceDeps, 'store'>, id: string | undefined): Promise<ItemDetail> {
  const doc = id ? await deps.store.getItem(id) : null;
  if (!doc) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  const seller = await deps.store.getAccount(doc.owner);
  return { ...toItem(doc), sellerName: seller?.profile.name?.trim() || null };
}

/** `search`, `tag` and `cursor` arrive checked against core's itemsQuerySchema. */
export async function searchItems(
  deps: Pick<MarketplaceDeps, 'store'>,
  query: { search?: string; tag?: string; cursor?: string; viewer: string | null; limit?: number },
): Promise<ItemsPage> {
  const tag = query.tag?.trim().toLowerCase() || null;
  const page = await deps.store.searchItems({
    tokens: queryTokens(query.search),
    tag,
    viewer: query.viewer,
    after: decodeCursor(query.cursor),
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
  });
  return { data: page.data.map(toItem), nextCursor: encodeCursor(page.next) };
}
