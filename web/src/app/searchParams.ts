/**
 * Search-param readers for route `validateSearch`. Hand-written rather than zod: these run in
 * the first load, and the schema library would cost the home route's JS budget ~15–25 KB gzip.
 */
export function optionalString(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Picks the given string params, dropping absent or malformed ones. */
export function pickStrings<K extends string>(
  search: Record<string, unknown>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = optionalString(search, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
