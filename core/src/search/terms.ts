/**
 * Listing search terms, shared by the server (which stores them on each item as `keywords`) and
 * the browser's Firestore reader (which turns a search into the same terms): words lower-cased,
 * without accents, stemmed so "dressers" finds a dresser; the beginnings of title, tag and area
 * words so "dres" finds it while someone is still typing; and one term per facet (style, type,
 * condition, tag, pickup area) so every filter is an array-contains on the one `keywords` field.
 */
import { stem } from './stem.js';

const MAX_TOKEN_LENGTH = 40;
export const MIN_PREFIX_LENGTH = 2;
const MAX_ITEM_TERMS = 400;
const MAX_QUERY_WORDS = 10;

/** Bump when the terms an item stores change, so stores recompute them (PGlite at start, Firestore by script). */
export const SEARCH_TERMS_VERSION = 2;

/** Lower-cased words without accents, split on anything but letters and digits; duplicates dropped. */
export function words(text: string): string[] {
  const list = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(list)];
}

function prefixes(word: string): string[] {
  const result: string[] = [];
  for (let length = MIN_PREFIX_LENGTH; length < word.length; length++) result.push(`${PREFIX}${word.slice(0, length)}`);
  return result;
}

/** Prefix terms live apart from whole words, so "bed" typed in full does not match "bedside" unless it is the word being typed. */
const PREFIX = '^';

export interface Facets {
  style?: string | null | undefined;
  type?: string | null | undefined;
  condition?: string | null | undefined;
}

/**
 * One term for the chosen style, type and condition together ("f:style=boho|type=chair"): an item
 * stores one for each combination of its facets (seven at most), so any mix of these filters is a
 * single array-contains, as selective as all of them at once.
 */
export function facetComboTerm(facets: Facets): string | null {
  const parts = [
    facets.style ? `style=${facets.style}` : null,
    facets.type ? `type=${facets.type}` : null,
    facets.condition ? `cond=${facets.condition}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? `f:${parts.join('|')}` : null;
}

function facetCombos(facets: Facets): string[] {
  const result: string[] = [];
  for (const style of facets.style ? [facets.style, null] : [null]) {
    for (const type of facets.type ? [facets.type, null] : [null]) {
      for (const condition of facets.condition ? [facets.condition, null] : [null]) {
        const term = facetComboTerm({ style, type, condition });
        if (term) result.push(term);
      }
    }
  }
  return result;
}

export const facetTerm = {
  /** A tag's words joined, so "Mid Century" and "mid-century" are the same tag. */
  tag: (tag: string) => `tag:${words(tag).join('-')}`,
  area: (word: string) => `area:${word}`,
};

export interface TermSource {
  title: string;
  description: string;
  tags: readonly string[];
  style?: string | null | undefined;
  furnitureType?: string | null | undefined;
  condition?: string | null | undefined;
  pickupArea?: string | null | undefined;
}

/** What an item stores as `keywords`: stems of every word, prefixes of title, tag and area words, facet terms. */
export function itemTerms(item: TermSource): string[] {
  const named = words([item.title, ...item.tags].join(' '));
  const area = words(item.pickupArea ?? '');
  const described = words(item.description);
  const facets = [
    ...item.tags.map(facetTerm.tag).filter((t) => t !== 'tag:'),
    ...area.map(facetTerm.area),
    ...facetCombos({ style: item.style, type: item.furnitureType, condition: item.condition }),
  ];
  const stems = [...named, ...area, ...described].map(stem);
  const typed = [...named, ...area].flatMap((w) => [`${PREFIX}${w}`, ...prefixes(w)]);
  // Facets first: the cap may only ever cut description words.
  return [...new Set([...facets, ...stems.slice(0, named.length + area.length), ...typed, ...stems])].slice(0, MAX_ITEM_TERMS);
}

/**
 * A search as terms: every term of `all` must be among an item's keywords, and, when `last` is
 * set, one of its terms too (the word being typed, whole or as the start of a title, tag or area word).
 */
export interface SearchTerms {
  all: string[];
  last: string[] | null;
}

export interface SearchTermInput {
  search?: string | undefined;
  tag?: string | undefined;
  area?: string | undefined;
}

export function searchTerms(input: SearchTermInput & Facets): SearchTerms {
  const typed = words(input.search ?? '').slice(0, MAX_QUERY_WORDS);
  const lastWord = typed.pop();
  const all = [
    ...typed.map(stem),
    ...(input.tag && words(input.tag).length > 0 ? [facetTerm.tag(input.tag)] : []),
    ...words(input.area ?? '').slice(0, MAX_QUERY_WORDS).map(facetTerm.area),
  ];
  const combo = facetComboTerm(input);
  if (combo) all.push(combo);
  const last = lastWord === undefined ? null : [...new Set([stem(lastWord), `${PREFIX}${lastWord}`])];
  return { all: [...new Set(all)], last };
}

/** Whether an item's keywords satisfy the terms: the in-memory half of a Firestore search. */
export function matchesTerms(keywords: readonly string[], terms: SearchTerms): boolean {
  const have = new Set(keywords);
  return terms.all.every((t) => have.has(t)) && (terms.last === null || terms.last.some((t) => have.has(t)));
}
