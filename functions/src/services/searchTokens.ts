/**
 * Listing search tokens: lower-cased words without accents, so "Mid-Century Dresser" and
 * "mid century dresser" find the same item. Stored on each item as `keywords`, with the
 * beginnings of title and tag words, so "dress" finds a dresser while someone is still typing.
 */
const MAX_TOKEN_LENGTH = 40;
const MIN_PREFIX_LENGTH = 3;
const MAX_ITEM_TOKENS = 300;
const MAX_QUERY_TOKENS = 10;

export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH));
  return [...new Set(words)];
}

function prefixes(word: string): string[] {
  const result: string[] = [];
  for (let length = MIN_PREFIX_LENGTH; length < word.length; length++) result.push(word.slice(0, length));
  return result;
}

export function itemKeywords(item: { title: string; description: string; tags: readonly string[] }): string[] {
  const named = tokenize([item.title, ...item.tags].join(' '));
  const words = [...named, ...tokenize(item.description), ...named.flatMap(prefixes)];
  return [...new Set(words)].slice(0, MAX_ITEM_TOKENS);
}

export function queryTokens(search: string | undefined): string[] {
  return tokenize(search ?? '').slice(0, MAX_QUERY_TOKENS);
}
