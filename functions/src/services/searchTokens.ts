/**
 * Listing search tokens: lower-cased words without accents, so "Mid-Century Dresser" and
 * "mid century dresser" find the same item. Stored on each item as `keywords`.
 */
const MAX_TOKEN_LENGTH = 40;
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

export function itemKeywords(item: { title: string; description: string; tags: readonly string[] }): string[] {
  return tokenize([item.title, ...item.tags, item.description].join(' ')).slice(0, MAX_ITEM_TOKENS);
}

export function queryTokens(search: string | undefined): string[] {
  return tokenize(search ?? '').slice(0, MAX_QUERY_TOKENS);
}
