/**
 * Marketplace listings (spec §2, §3, §5; DESIGN §4): the item form rules from core, images
 * checked by content and stored without their metadata, a 128×128 cover thumbnail per image,
 * keyword search with opaque cursors. A refused request stores nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  idempotencyKeySchema,
  itemFormSchema,
  itemTerms,
  listingFactsOf,
  MESSAGES,
  parseWith,
  type Item,
  type ItemDetail,
  type ItemsPage,
} from '@flipstage/core';
import { type Blobs } from '../ports/blobs.js';
import { ItemAlreadyExists, ItemNotFound, NotItemOwner, type ItemDoc, type Store } from '../ports/store.js';
import { invalid, ServiceError } from './errors.js';
import type { Images } from '../ports/images.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';
import {
  cameFromOwnStaging,
  prepareImages,
  removeListingPhotos,
  savingMedia,
  storeImages,
  type UploadedImage,
} from './listingPhotos.js';

export { removeListingPhotos, type UploadedImage } from './listingPhotos.js';

export interface MarketplaceDeps {
  store: Store;
  blobs: Blobs;
  images: Images;
}

export interface ItemSubmission {
  uid: string;
  fields: Record<string, string | undefined>;
  images: UploadedImage[];
  /** Studio output URLs the attached images were fetched from (ITEM_STAGED_FROM_FIELD). */
  stagedFrom?: string[];
}

export interface NewItemSubmission extends ItemSubmission {
  /** The Idempotency-Key header as sent: one per opened form, so a resubmit finds the listing it made. */
  idempotencyKey?: string | undefined;
}

export interface CreatedItem {
  item: Item;
  /** False when the key had already made this listing: the stored one is returned, nothing new is made. */
  created: boolean;
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
    condition: doc.condition,
    dimensions: doc.dimensions,
    pickupArea: doc.pickupArea,
    delivery: doc.delivery,
    vintage: doc.vintage,
    style: doc.style,
    furnitureType: doc.furnitureType,
    reserved: doc.reserved,
    variants: doc.variants,
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
      condition: fields.condition,
      width: fields.width,
      depth: fields.depth,
      height: fields.height,
      unit: fields.unit,
      pickupArea: fields.pickupArea,
      delivery: fields.delivery,
      vintage: fields.vintage,
      style: fields.style,
      furnitureType: fields.furnitureType,
    },
    invalid,
  );
  return {
    title: form.title,
    description: form.description,
    price: form.price,
    tags: form.tags,
    state: form.state,
    ...listingFactsOf(form),
    keywords: itemTerms(form),
  };
}

/** The seller as a listing shows them: the profile name alone, never the email address, and since when they have an account. */
async function sellerOf(store: Store, uid: string): Promise<Pick<ItemDoc, 'sellerName' | 'sellerSince'>> {
  const account = await store.getAccount(uid);
  return { sellerName: account?.profile.name?.trim() || null, sellerSince: account?.createdAt ?? null };
}

/**
 * The listing id a key makes for this user: a UUID-shaped digest, so the same (user, key) always
 * names the same listing and two users' keys never meet. Without a key, a fresh id.
 */
function listingIdFor(uid: string, idempotencyKey: string | undefined): { id: string; keyed: boolean } {
  if (idempotencyKey === undefined) return { id: randomUUID(), keyed: false };
  const key = parseWith(idempotencyKeySchema, idempotencyKey, invalid);
  const hex = createHash('sha256').update(`${uid}\n${key}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return { id, keyed: true };
}

/**
 * Idempotent by the submission's key: a repeat after the listing was saved returns it before any
 * photo is processed; a concurrent repeat loses the store's create, removes the photos it stored and
 * returns the winner's listing.
 */
export async function createItem(deps: MarketplaceDeps, submission: NewItemSubmission): Promise<CreatedItem> {
  const form = parseForm(submission.fields);
  const { id, keyed } = listingIdFor(submission.uid, submission.idempotencyKey);
  const made = keyed ? await deps.store.getItem(id) : null;
  if (made) return { item: toItem(made), created: false };
  const prepared = await prepareImages(deps.images, submission.images);
  const aiStaged =
    prepared.length > 0 && (await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []));
  const seller = await sellerOf(deps.store, submission.uid);
  const media = await storeImages(deps.blobs, id, prepared);
  const now = new Date().toISOString();
  try {
    const doc = await savingMedia(deps.blobs, media, () =>
      deps.store.createItem({
        id,
        owner: submission.uid,
        ...form,
        images: media.images,
        thumbs: media.thumbs,
        variants: media.variants,
        aiStaged,
        reserved: false,
        hidden: false,
        ...seller,
        created_at: now,
        updated_at: now,
      }),
    );
    return { item: toItem(doc), created: true };
  } catch (error) {
    const winner = error instanceof ItemAlreadyExists ? await deps.store.getItem(id) : null;
    if (winner) return { item: toItem(winner), created: false };
    throw error;
  }
}

/** Owner only. New images replace the item's images, whose files are deleted; an update without images keeps them. */
export async function updateItem(
  deps: MarketplaceDeps,
  id: string | undefined,
  submission: ItemSubmission,
): Promise<Item> {
  if (!id) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  const existing = await deps.store.getItem(id);
  if (!existing) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  if (existing.owner !== submission.uid) throw new ServiceError('forbidden', MESSAGES.notOwner);
  const form = parseForm(submission.fields);
  const prepared = await prepareImages(deps.images, submission.images);
  const aiStaged =
    prepared.length > 0 && (await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []));
  const seller = await sellerOf(deps.store, submission.uid);
  const media = prepared.length > 0 ? await storeImages(deps.blobs, id, prepared) : null;
  try {
    const doc = await savingMedia(deps.blobs, media, () =>
      deps.store.updateItem(id, submission.uid, {
        ...form,
        ...seller,
        ...(media ? { images: media.images, thumbs: media.thumbs, variants: media.variants, aiStaged } : {}),
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
export async function getItemDetail(
  deps: Pick<MarketplaceDeps, 'store'>,
  id: string | undefined,
  viewer: string | null = null,
): Promise<ItemDetail> {
  const doc = id ? await deps.store.getItem(id) : null;
  // A listing hidden after reports is off its page until reviewed, but for its owner.
  if (!doc || (doc.hidden && doc.owner !== viewer)) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  return { ...toItem(doc), sellerName: doc.sellerName, sellerSince: doc.sellerSince };
}

/** Owner only. The listing goes first, then its photos: a photo left behind is only storage, never a broken listing. */
export async function deleteItem(
  deps: Pick<MarketplaceDeps, 'store' | 'blobs'>,
  id: string | undefined,
  uid: string,
): Promise<void> {
  if (!id) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  try {
    const deleted = await deps.store.deleteItem(id, uid);
    await removeListingPhotos(deps.blobs, deleted);
  } catch (error) {
    if (error instanceof ItemNotFound) throw new ServiceError('not-found', MESSAGES.itemNotFound);
    if (error instanceof NotItemOwner) throw new ServiceError('forbidden', MESSAGES.notOwner);
    throw error;
  }
}

/**
 * One seller's listings, newest first: for anyone, the active ones buyers may see ("More from this
 * seller"); for the seller themself, every one including sold and hidden ("My listings").
 */
export async function listSellerItems(
  deps: Pick<MarketplaceDeps, 'store'>,
  query: { seller: string; cursor?: string | undefined; viewer: string | null },
): Promise<ItemsPage> {
  const page = await deps.store.listItemsByOwner(query.seller, {
    includeUnlisted: query.viewer === query.seller,
    after: decodeCursor(query.cursor),
    limit: DEFAULT_PAGE_SIZE,
  });
  return { data: page.data.map(toItem), nextCursor: encodeCursor(page.next) };
}
