/**
 * Marketplace listings (spec §2, §3, §5; DESIGN §4): the item form rules from core, images
 * checked by content, a 128×128 cover thumbnail per image, keyword search with opaque cursors.
 */
import { randomUUID } from 'node:crypto';
import {
  firstIssueMessage,
  itemFormSchema,
  MAX_ITEM_IMAGES,
  MESSAGES,
  type Item,
  type ItemsPage,
} from '@flipstage/core';
import { ItemNotFound, NotItemOwner, type Blobs, type ItemDoc, type Store } from '../ports.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';
import { invalid, ServiceError } from './errors.js';
import { coverThumbnail, sniffImage, toWebImage } from './images.js';
import { itemKeywords, queryTokens } from './searchTokens.js';
import { stagedOutputPath } from './staging.js';

export interface ListingDeps {
  store: Store;
  blobs: Blobs;
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
  const parsed = itemFormSchema.safeParse({
    title: fields.title ?? '',
    description: fields.description ?? '',
    price: fields.price ?? '',
    tags: fields.tags,
    state: fields.state?.trim() || undefined,
  });
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  return { ...parsed.data, keywords: itemKeywords(parsed.data) };
}

/** Checks every image before storing any, so a bad file leaves nothing behind. */
async function storeImages(
  blobs: Blobs,
  itemId: string,
  images: UploadedImage[],
): Promise<{ images: string[]; thumbs: string[] }> {
  if (images.length > MAX_ITEM_IMAGES) throw new ServiceError('too-large', MESSAGES.tooManyFiles);
  const checked = await Promise.all(
    images.map(async (image) => {
      const sniffed = await sniffImage(image.data);
      if (!sniffed) throw invalid(MESSAGES.itemImagesOnly);
      return { image, sniffed };
    }),
  );
  const stored = await Promise.all(
    checked.map(async ({ image, sniffed }) => {
      const name = randomUUID();
      const web = await toWebImage(image.data, sniffed);
      const thumb = await coverThumbnail(image.data);
      const [url, thumbUrl] = await Promise.all([
        blobs.put(`items/${itemId}/${name}.${web.ext}`, web.data, web.contentType),
        blobs.put(`items/${itemId}/${name}-thumb.jpg`, thumb, 'image/jpeg'),
      ]);
      return { url, thumbUrl };
    }),
  );
  return { images: stored.map((s) => s.url), thumbs: stored.map((s) => s.thumbUrl) };
}

const STAGED_OUTPUT_URL = /image-edits(?:\/|%2F)([A-Za-z0-9_-]+)(?:\/|%2F)([0-9a-f-]{36})(?:\/|%2F)staged\.jpg/i;

/**
 * True when one of the URLs is a staging result of this user that exists: the URL must be exactly
 * the one the Blobs adapter gives for the user's own output path.
 */
async function cameFromOwnStaging(blobs: Blobs, uid: string, urls: readonly string[]): Promise<boolean> {
  for (const url of urls.slice(0, MAX_ITEM_IMAGES)) {
    const match = STAGED_OUTPUT_URL.exec(url);
    if (!match || match[1] !== uid) continue;
    const path = stagedOutputPath(uid, match[2]!);
    if (blobs.url(path) === url && (await blobs.get(path))) return true;
  }
  return false;
}

export async function createItem(deps: ListingDeps, submission: ItemSubmission): Promise<Item> {
  const form = parseForm(submission.fields);
  const id = randomUUID();
  const media = await storeImages(deps.blobs, id, submission.images);
  const aiStaged =
    media.images.length > 0 && (await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []));
  const now = new Date().toISOString();
  const doc = await deps.store.createItem({
    id,
    owner: submission.uid,
    ...form,
    ...media,
    aiStaged,
    created_at: now,
    updated_at: now,
  });
  return toItem(doc);
}

/** Owner only. New images replace the item's images; an update without images keeps them. */
export async function updateItem(deps: ListingDeps, id: string | undefined, submission: ItemSubmission): Promise<Item> {
  if (!id) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  const existing = await deps.store.getItem(id);
  if (!existing) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  if (existing.owner !== submission.uid) throw new ServiceError('forbidden', MESSAGES.notOwner);
  const form = parseForm(submission.fields);
  const media =
    submission.images.length > 0
      ? {
          ...(await storeImages(deps.blobs, id, submission.images)),
          aiStaged: await cameFromOwnStaging(deps.blobs, submission.uid, submission.stagedFrom ?? []),
        }
      : {};
  try {
    const doc = await deps.store.updateItem(id, submission.uid, {
      ...form,
      ...media,
      updated_at: new Date().toISOString(),
    });
    return toItem(doc);
  } catch (error) {
    if (error instanceof ItemNotFound) throw new ServiceError('not-found', MESSAGES.itemNotFound);
    if (error instanceof NotItemOwner) throw new ServiceError('forbidden', MESSAGES.notOwner);
    throw error;
  }
}

export async function searchItems(
  deps: Pick<ListingDeps, 'store'>,
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
