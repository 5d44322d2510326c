import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, roomPhrase, stylePhrase } from '@flipstage/core';
import type { PlateTag } from './geometry.js';

/**
 * Words and phrases a user is likely to type for each tag a plate can carry. A phrase is matched
 * whole before its words are ("a large window" asks for a large window, not any window; "dark
 * walls" for dark walls, not a dark room). Words that usually describe the piece ("oak", "bookcase")
 * are left out: the piece is the seller's, the room is ours.
 */
const SYNONYMS: Record<PlateTag, readonly string[]> = {
  lamp: ['lamp', 'lamps', 'lighting', 'lamplight', 'lamplit', 'sconce', 'sconces'],
  rug: ['rug', 'rugs', 'carpet', 'carpeted', 'kilim'],
  plants: ['plant', 'plants', 'greenery', 'houseplant', 'houseplants', 'botanical', 'foliage', 'fern', 'ferns', 'palm', 'monstera'],
  flowers: ['flowers', 'flower', 'floral', 'bouquet', 'blooms'],
  window: ['window', 'windows', 'daylight', 'sunlight', 'sunlit', 'natural light'],
  'large-window': [
    'large window',
    'large windows',
    'big window',
    'big windows',
    'huge window',
    'huge windows',
    'tall windows',
    'picture window',
    'bay window',
    'floor to ceiling',
    'wall of windows',
    'panoramic window',
  ],
  mirror: ['mirror', 'mirrors'],
  art: ['art', 'artwork', 'artworks', 'painting', 'paintings', 'print', 'prints', 'gallery wall', 'canvas'],
  books: ['books', 'book', 'bookshelf', 'bookshelves', 'library', 'shelves of books'],
  fireplace: [
    'fireplace',
    'fireplaces',
    'fire place',
    'hearth',
    'mantel',
    'mantelpiece',
    'chimney breast',
    'log burner',
    'wood burner',
    'wood stove',
  ],
  curtains: ['curtains', 'curtain', 'drapes', 'drapery'],
  brick: ['brick', 'bricks', 'brickwork'],
  concrete: ['concrete', 'cement', 'microcement'],
  plaster: ['plaster', 'plastered', 'limewash', 'limewashed', 'venetian plaster', 'stucco', 'tadelakt'],
  panelling: [
    'panelling',
    'paneling',
    'panelled',
    'paneled',
    'wall panels',
    'wainscot',
    'wainscoting',
    'wainscotting',
    'shiplap',
    'beadboard',
    'boiserie',
  ],
  'wood-floor': [
    'wood floor',
    'wood floors',
    'wooden floor',
    'wooden floors',
    'wood flooring',
    'timber floor',
    'plank floor',
    'hardwood',
    'parquet',
    'floorboards',
  ],
  'white-walls': ['white walls', 'white wall', 'white painted walls', 'white room', 'all white'],
  'dark-walls': [
    'dark walls',
    'dark wall',
    'black walls',
    'charcoal walls',
    'navy walls',
    'dark green walls',
    'dark blue walls',
    'dark painted walls',
    'moody walls',
  ],
  bright: ['bright', 'airy', 'light', 'sunny', 'light filled', 'luminous'],
  dark: ['dark', 'moody', 'evening', 'night', 'dim', 'dusk'],
  warm: ['warm', 'cozy', 'cosy', 'golden', 'snug'],
  cool: ['cool', 'crisp', 'nordic'],
};

/** Every phrase with its tag, longest first, so a phrase is consumed before the words inside it. */
const PHRASES = Object.entries(SYNONYMS)
  .flatMap(([tag, phrases]) => phrases.map((phrase) => ({ phrase: ` ${phrase} `, tag: tag as PlateTag })))
  .sort((a, b) => b.phrase.length - a.phrase.length);

/**
 * The catalog's own phrases, longest first. The auto prompt restates the chosen style and room in
 * them ("warm lamplight", "soft diffused daylight"), which the plates of that style already show;
 * only what the user added should steer, so they are cut out even from an edited auto prompt.
 */
const CATALOG_PHRASES = [...DESIGN_STYLE_IDS.map(stylePhrase), ...FURNITURE_TYPE_IDS.map(roomPhrase)]
  .map((phrase) => phrase.toLowerCase())
  .sort((a, b) => b.length - a.length);

/**
 * The tags the user's own words ask for, in the order the prompt names them; none for the
 * untouched auto prompt. Hyphens and punctuation separate words, so "floor-to-ceiling" and
 * "floor to ceiling" are the same.
 */
export function promptTags(prompt: string): Set<PlateTag> {
  let text = prompt.toLowerCase();
  for (const phrase of CATALOG_PHRASES) text = text.split(phrase).join(' ');
  text = ` ${(text.match(/[a-z]+/g) ?? []).join(' ')} `;
  const found: { at: number; tag: PlateTag }[] = [];
  for (const { phrase, tag } of PHRASES) {
    for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
      found.push({ at, tag });
      // Blank it out (keeping the offsets) so the words inside it match nothing else.
      text = `${text.slice(0, at + 1)}${'_'.repeat(phrase.length - 2)}${text.slice(at + phrase.length - 1)}`;
    }
  }
  return new Set(found.sort((a, b) => a.at - b.at).map(({ tag }) => tag));
}
