import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, roomPhrase, stylePhrase } from '@flipstage/core';
import type { PlateTag } from './geometry.js';

/** Words a user is likely to type for each tag a plate can carry. */
const SYNONYMS: Record<PlateTag, readonly string[]> = {
  lamp: ['lamp', 'lamps', 'lighting'],
  rug: ['rug', 'carpet'],
  plants: ['plant', 'plants', 'greenery', 'houseplants', 'botanical'],
  flowers: ['flowers', 'flower', 'floral', 'bouquet'],
  window: ['window', 'windows', 'daylight', 'sunlight'],
  mirror: ['mirror'],
  art: ['art', 'artwork', 'painting', 'print'],
  books: ['books', 'bookshelf'],
  fireplace: ['fireplace'],
  curtains: ['curtains', 'drapes'],
  bright: ['bright', 'airy', 'light', 'sunny'],
  dark: ['dark', 'moody', 'evening', 'night', 'dim'],
  warm: ['warm', 'cozy', 'golden'],
  cool: ['cool', 'crisp', 'nordic'],
};

const TAG_OF_WORD = new Map(
  Object.entries(SYNONYMS).flatMap(([tag, words]) => words.map((word) => [word, tag as PlateTag] as const)),
);

/**
 * The catalog's own phrases, longest first. The auto prompt restates the chosen style and room in
 * them ("warm lamplight", "soft diffused daylight"), which the plates of that style already show;
 * only what the user added should steer, so they are cut out even from an edited auto prompt.
 */
const CATALOG_PHRASES = [...DESIGN_STYLE_IDS.map(stylePhrase), ...FURNITURE_TYPE_IDS.map(roomPhrase)]
  .map((phrase) => phrase.toLowerCase())
  .sort((a, b) => b.length - a.length);

/** The tags the user's own words ask for; none for the untouched auto prompt. */
export function promptTags(prompt: string): Set<PlateTag> {
  let text = prompt.toLowerCase();
  for (const phrase of CATALOG_PHRASES) text = text.split(phrase).join(' ');
  const tags = new Set<PlateTag>();
  for (const word of text.match(/[a-z]+/g) ?? []) {
    const tag = TAG_OF_WORD.get(word);
    if (tag) tags.add(tag);
  }
  return tags;
}
