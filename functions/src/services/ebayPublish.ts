/**
 * Publishing a FlipStage listing to eBay (issue 41): the publish form's choices, then the photos
 * (real ones first, staged ones after), the inventory item, its offer and the offer's publication.
 * Nothing of the FlipStage listing is written: a refused or failed publish leaves it as it was.
 */
import {
  EBAY_CONDITIONS_FOR,
  EBAY_MAX_PHOTOS,
  EBAY_MESSAGES,
  ebayChoicesSchema,
  ebayConditionLabel,
  ebayConditionName,
  formatDimensions,
  ITEM_CONDITION_LABELS,
  MESSAGES,
  type EbayChoices,
  type EbayPost,
  type EbayPublishOptions,
  type EbayPublishRequest,
} from '@flipstage/core';
import { EbayRefused, type EbayOfferRecord } from '../ports/ebay.js';
import type { Blobs } from '../ports/blobs.js';
import type { ItemDoc } from '../ports/store.js';
import { ServiceError } from './errors.js';
import type { EbayAccess, EbayDeps } from './ebayAccess.js';
import { requireMarketplacesPlan } from './marketplacePlan.js';
import { refusalFor } from './ebayErrors.js';
import { listingPhotoPaths } from './listingPhotos.js';
import { ebaySku, noteEbayPost, postOf } from './ebayPosts.js';
import { stagedPhotos } from './marketplaceKits.js';

export interface PublishDeps extends EbayDeps {
  blobs: Blobs;
  access: EbayAccess;
}

async function ownListing(deps: EbayDeps, uid: string, itemId: string): Promise<ItemDoc> {
  await requireMarketplacesPlan(deps, uid);
  const item = await deps.store.getItem(itemId);
  if (!item || item.owner !== uid) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  return item;
}

export async function publishOptions(
  deps: PublishDeps,
  uid: string,
  query: { id: string; categoryId?: string | undefined },
): Promise<EbayPublishOptions> {
  const item = await ownListing(deps, uid, query.id);
  const record = await deps.ebay.records.getConnection(uid);
  if (!record) throw new ServiceError('conflict', EBAY_MESSAGES.notConnected);
  const saved = record.choices;
  const { api } = deps.ebay;
  return deps.access.asSeller(uid, async (token) => {
    const words = [item.title, item.furnitureType ?? ''].join(' ');
    const categories = await api.suggestCategories(token, words);
    const categoryId = query.categoryId ?? categories[0]?.id ?? saved?.categoryId ?? null;
    const [aspects, allowed, policies, locations, offer] = await Promise.all([
      categoryId ? api.aspects(token, categoryId) : Promise.resolve([]),
      categoryId ? api.conditions(token, categoryId) : Promise.resolve<string[]>([]),
      api.policies(token),
      api.locations(token),
      deps.ebay.records.getOffer(item.id),
    ]);
    const preferred = [
      ...(saved ? [saved.conditionId] : []),
      ...(item.condition ? EBAY_CONDITIONS_FOR[item.condition] : []),
    ];
    return {
      title: item.title,
      photos: item.images,
      stagedPhotos: stagedPhotos(item, undefined),
      categories,
      categoryId,
      aspects,
      conditions: allowed.map((id) => ({ id, label: ebayConditionLabel(id) })),
      suggestedConditionId: preferred.find((id) => allowed.includes(id)) ?? allowed[0] ?? null,
      fulfillmentPolicies: policies.fulfillment,
      paymentPolicies: policies.payment,
      returnPolicies: policies.return,
      locations,
      saved,
      post: postOf(offer),
    };
  });
}

/** The listing's facts, as eBay's description: buyers there see what buyers here see. */
function description(item: ItemDoc, staged: boolean): string {
  const facts = [
    item.condition && `Condition: ${ITEM_CONDITION_LABELS[item.condition]}`,
    item.dimensions && `Dimensions: ${formatDimensions(item.dimensions)}`,
    item.pickupArea && `Pickup: ${item.pickupArea}`,
    item.delivery ? 'Delivery available' : null,
  ].filter(Boolean);
  const note = staged ? ['Some photos are virtually staged: the piece is real, the room around it is not.'] : [];
  return [item.description, ...facts, ...note].filter(Boolean).join('\n\n') || item.title;
}

/** The listing's photos in eBay's order: the real ones first, then the ones the seller marked staged. */
function photoOrder(item: ItemDoc, staged: readonly number[]): { urls: string[]; anyStaged: boolean } {
  const marked = new Set(staged.filter((i) => i < item.images.length));
  const real = item.images.filter((_, i) => !marked.has(i));
  const virtual = item.images.filter((_, i) => marked.has(i));
  return { urls: [...real, ...virtual].slice(0, EBAY_MAX_PHOTOS), anyStaged: virtual.length > 0 };
}

export async function publishToEbay(
  deps: PublishDeps,
  uid: string,
  request: EbayPublishRequest,
  now = Date.now,
): Promise<EbayPost> {
  const item = await ownListing(deps, uid, request.itemId);
  if (item.state !== 'active' || item.reserved || item.hidden)
    throw new ServiceError('conflict', EBAY_MESSAGES.notLive);
  const record = await deps.ebay.records.getConnection(uid);
  if (!record) throw new ServiceError('conflict', EBAY_MESSAGES.notConnected);
  const existing = await deps.ebay.records.getOffer(item.id);
  if (existing?.state === 'live') throw new ServiceError('conflict', EBAY_MESSAGES.alreadyLive);
  // Each choice left out is the seller's last one (the CLI sends none).
  const merged = ebayChoicesSchema.safeParse({ ...record.choices, ...definedChoices(request) });
  if (!merged.success) throw new ServiceError('invalid', EBAY_MESSAGES.noChoices);
  const choices: EbayChoices = merged.data;
  const photos = photoOrder(item, stagedPhotos(item, request.stagedPhotos));
  const { api } = deps.ebay;
  const sku = ebaySku(item.id);
  try {
    const listingId = await deps.access.asSeller(uid, async (token) => {
      const imageUrls: string[] = [];
      for (const url of photos.urls) {
        const [path] = listingPhotoPaths(deps.blobs, { id: item.id, images: [url], thumbs: [], variants: [] });
        const photo = path ? await deps.blobs.get(path) : null;
        if (photo) imageUrls.push(await api.uploadImage(token, photo));
      }
      await api.putInventoryItem(token, {
        sku,
        title: request.title ?? item.title,
        description: description(item, photos.anyStaged),
        condition: ebayConditionName(choices.conditionId) ?? choices.conditionId,
        aspects: choices.aspects,
        imageUrls,
        quantity: 1,
      });
      const offerId = await api.createOffer(token, {
        sku,
        categoryId: choices.categoryId,
        description: description(item, photos.anyStaged),
        price: { value: item.price.toFixed(2), currency: 'USD' },
        fulfillmentPolicyId: choices.fulfillmentPolicyId,
        paymentPolicyId: choices.paymentPolicyId,
        returnPolicyId: choices.returnPolicyId,
        merchantLocationKey: choices.merchantLocationKey,
      });
      return { offerId, listingId: await api.publishOffer(token, offerId) };
    });
    const saved: EbayOfferRecord = {
      itemId: item.id,
      owner: uid,
      sku,
      offerId: listingId.offerId,
      listingId: listingId.listingId,
      url: api.listingUrl(listingId.listingId),
      state: 'live',
      updatedAt: new Date(now()).toISOString(),
    };
    await deps.ebay.records.saveOffer(saved);
    await noteEbayPost(deps, saved, saved.updatedAt);
    await deps.ebay.records.saveChoices(uid, choices);
    return postOf(saved)!;
  } catch (error) {
    if (error instanceof EbayRefused) throw refusalFor(error);
    throw error;
  }
}

function definedChoices(request: EbayPublishRequest): Partial<EbayChoices> {
  const { itemId: _itemId, title: _title, stagedPhotos: _staged, ...choices } = request;
  return Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
}

export async function ebayPostOf(deps: EbayDeps, uid: string, itemId: string): Promise<EbayPost | null> {
  const item = await deps.store.getItem(itemId);
  if (!item || item.owner !== uid) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  return postOf(await deps.ebay.records.getOffer(itemId));
}
