import { FURNITURE_TYPES, type FurnitureTypeId } from '@flipstage/core';

function plural(word: string): string {
  if (word.endsWith('f')) return `${word.slice(0, -1)}ves`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Spaces, dashes and underscores all separate words in a folder name: "coffee_tables" is "coffee tables". */
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Every name a type goes by (its id and each part of its label, e.g. "Bookcase/Shelf"), singular and plural. */
const TYPE_BY_WORD: ReadonlyMap<string, FurnitureTypeId> = new Map(
  FURNITURE_TYPES.flatMap((type) =>
    [type.id, ...type.label.split('/')]
      .map(normalise)
      .flatMap((word) => [[word, type.id] as const, [plural(word), type.id] as const]),
  ),
);

/** The furniture type a word names ("sofas", "Dining Table", "shelves"), if any. */
export function furnitureTypeNamed(word: string): FurnitureTypeId | undefined {
  return TYPE_BY_WORD.get(normalise(word));
}
