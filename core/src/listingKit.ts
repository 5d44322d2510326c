/**
 * A kit's words (issue 41): the listing's title cut to a site's limit and a description built
 * from the listing's facts, for the sites a seller posts to by hand. Shared by the API, which
 * serves them, and anything that shows them. No zod, no I/O.
 */
import { findDesignStyle, findFurnitureType } from './catalog.js';
import { formatDimensions, ITEM_CONDITION_LABELS, type ListingFacts } from './listingFields.js';

export interface KitListing extends ListingFacts {
  title: string;
  description: string;
  tags: readonly string[];
}

const ELLIPSIS = '…';

/**
 * The title within `limit` characters, counted in code points as the sites count them: as it is
 * when it fits, else cut after the last whole word that fits with an ellipsis, or mid-word when
 * one word alone is longer than the limit.
 */
export function kitTitle(title: string, limit: number): string {
  const chars = [...title.trim()];
  if (chars.length <= limit) return chars.join('');
  const room = chars.slice(0, limit - 1).join('');
  const lastSpace = room.search(/\s\S*$/);
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}${ELLIPSIS}`;
}

/**
 * The listing's own description, then each fact the seller gave on a line of its own, then what
 * the photos are: a buyer elsewhere sees the same piece described the same way.
 */
export function kitDescription(listing: KitListing, photos: { real: number; staged: number }): string {
  const facts: string[] = [];
  if (listing.condition) facts.push(`Condition: ${ITEM_CONDITION_LABELS[listing.condition]}`);
  if (listing.vintage) facts.push('Vintage: 20 years or older');
  if (listing.dimensions) facts.push(`Dimensions (W × D × H): ${formatDimensions(listing.dimensions)}`);
  const type = findFurnitureType(listing.furnitureType ?? undefined);
  if (type) facts.push(`Type: ${type.label}`);
  const style = findDesignStyle(listing.style ?? undefined);
  if (style) facts.push(`Style: ${style.label}`);
  if (listing.pickupArea) facts.push(`Pickup area: ${listing.pickupArea}`);
  facts.push(listing.delivery ? 'Delivery available' : 'Pickup only');
  if (listing.tags.length > 0) facts.push(`Tags: ${listing.tags.join(', ')}`);
  const parts = [listing.description.trim(), facts.join('\n')];
  if (photos.staged > 0) parts.push(stagedNote(photos.real, photos.staged));
  return parts.filter((part) => part !== '').join('\n\n');
}

function stagedNote(real: number, staged: number): string {
  const generated = 'virtually staged: the room around the piece is computer-generated.';
  if (real === 0) return `${staged === 1 ? 'The photo is' : 'The photos are'} ${generated}`;
  const first = real === 1 ? 'The first photo shows' : `The first ${real} photos show`;
  const last = staged === 1 ? 'the last photo is' : `the last ${staged} photos are`;
  return `${first} the piece as it is; ${last} ${generated}`;
}
