/**
 * A listing's kits for the sites with no listing API (issue 41): each site's title and description,
 * and its photos as a ZIP. Only the listing's owner on a plan with "Post to marketplaces" gets one
 * (ownListingForMarketplaces).
 */
import type { Readable } from 'node:stream';
import {
  KIT_MESSAGES,
  KIT_SITE_FACTS,
  KIT_SITES,
  kitDescription,
  kitTitle,
  type KitSite,
  type ListingKit,
  type SiteKit,
} from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { Images } from '../ports/images.js';
import type { ItemDoc } from '../ports/store.js';
import { ServiceError } from './errors.js';
import { kitPhotoOrder, zipStream, type KitPhoto, type ZipEntry } from './kitPhotos.js';
import { listingPhotoPaths } from './listingPhotos.js';
import { ownListingForMarketplaces, type MarketplacePostDeps } from './marketplacePosts.js';

export interface KitDeps extends MarketplacePostDeps {
  blobs: Blobs;
  images: Images;
}

/**
 * Which photos are virtually staged: the seller's answer, else a guess. A listing keeps no
 * per-photo record of where its photos came from, only that one came from the studio (aiStaged);
 * the studio's "List it" puts that result first, so the guess is the first photo.
 */
export function stagedPhotos(item: ItemDoc, asked: readonly number[] | undefined): number[] {
  const chosen = asked ?? (item.aiStaged ? [0] : []);
  return chosen.filter((i) => i < item.images.length).sort((a, b) => a - b);
}

function siteKit(item: ItemDoc, site: KitSite, staged: ReadonlySet<number>): SiteKit {
  const facts = KIT_SITE_FACTS[site];
  const photos = kitPhotoOrder(item.images, staged, facts.maxPhotos);
  const stagedCount = photos.filter((photo) => photo.staged).length;
  return {
    site,
    title: kitTitle(item.title, facts.titleLimit),
    titleLimit: facts.titleLimit,
    description: kitDescription(item, { real: photos.length - stagedCount, staged: stagedCount }),
    postingUrl: facts.postingUrl,
    photoCount: photos.length,
    unavailable: facts.vintageOnly && !item.vintage ? KIT_MESSAGES.etsyNeedsVintage : null,
  };
}

export async function listingKit(
  deps: KitDeps,
  uid: string,
  query: { id: string; staged?: number[] | undefined },
): Promise<ListingKit> {
  const item = await ownListingForMarketplaces(deps, uid, query.id);
  const staged = stagedPhotos(item, query.staged);
  const chosen = new Set(staged);
  return { itemId: item.id, stagedPhotos: staged, sites: KIT_SITES.map((site) => siteKit(item, site, chosen)) };
}

export interface KitArchive {
  filename: string;
  stream: Readable;
}

/** "teak-sideboard" from "Teak sideboard!", for the archive's name; "listing" when nothing is left. */
function slug(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return words.slice(0, 40).replace(/-$/, '') || 'listing';
}

async function* kitEntries(deps: KitDeps, item: ItemDoc, kit: SiteKit, photos: KitPhoto[]): AsyncIterable<ZipEntry> {
  const text = `${kit.title}\n\n${kit.description}\n`;
  yield { name: 'title-and-description.txt', data: Buffer.from(text, 'utf8'), compress: true };
  const longSide = KIT_SITE_FACTS[kit.site].photoLongSide;
  for (const [index, photo] of photos.entries()) {
    const [path] = listingPhotoPaths(deps.blobs, { id: item.id, images: [photo.url], thumbs: [], variants: [] });
    const stored = path ? await deps.blobs.get(path) : null;
    if (!stored) throw new Error(`Listing ${item.id}'s photo ${photo.url} is not in storage`);
    const number = String(index + 1).padStart(2, '0');
    const name = `${number}-${photo.staged ? 'virtually-staged' : 'photo'}.jpg`;
    const data = await deps.images.marketplacePhoto(stored.data, longSide, photo.staged);
    yield { name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), compress: false };
  }
}

/**
 * The site's photos and text as a ZIP. Everything that can be refused in words is checked before
 * the first byte, so a refusal is an answer, not a broken download.
 */
export async function kitArchive(
  deps: KitDeps,
  uid: string,
  query: { id: string; site: KitSite; staged?: number[] | undefined },
): Promise<KitArchive> {
  const item = await ownListingForMarketplaces(deps, uid, query.id);
  const staged = new Set(stagedPhotos(item, query.staged));
  const kit = siteKit(item, query.site, staged);
  if (kit.unavailable) throw new ServiceError('conflict', kit.unavailable);
  if (item.images.length === 0) throw new ServiceError('conflict', KIT_MESSAGES.noPhotos);
  const photos = kitPhotoOrder(item.images, staged, KIT_SITE_FACTS[query.site].maxPhotos);
  return {
    filename: `flipstage-${slug(item.title)}-${query.site}.zip`,
    stream: zipStream(kitEntries(deps, item, kit, photos), new Date(item.updated_at)),
  };
}
