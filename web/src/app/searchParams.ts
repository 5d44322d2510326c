/**
 * Search params for the routes' `validateSearch`: a malformed param is dropped, never an error
 * page. Each validator has zod's `parse` shape, which TanStack Router accepts, but no zod: these
 * routes are in the home page's initial JS, and zod would add about 22 KB gzip to it for a few
 * optional strings (the API's response contracts load zod lazily, in backend/contracts.ts).
 */
type SearchRule<T> = (value: unknown) => T | undefined;
type Parsed<R> = { [K in keyof R]?: R[K] extends SearchRule<infer T> ? T : never };

/** A non-empty string param; anything else (empty, or a number or flag the router parsed) is dropped. */
const optionalString: SearchRule<string> = (value) => (typeof value === 'string' && value ? value : undefined);

function searchSchema<R extends Record<string, SearchRule<unknown>>>(rules: R) {
  return {
    parse(input: unknown): Parsed<R> {
      const search = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, rule] of Object.entries(rules)) {
        const value = rule(search[name]);
        if (value !== undefined) out[name] = value;
      }
      return out as Parsed<R>;
    },
  };
}

export const nextSearch = searchSchema({ next: optionalString });

/** The auth action links (verify, password reset) carry the action code and mode beside `next`. */
export const actionSearch = searchSchema({ next: optionalString, oobCode: optionalString, mode: optionalString });

/** Text the router may have parsed as a number (`?search=1960`): taken back as its digits. */
const optionalText: SearchRule<string> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : optionalString(value);

/** A catalogue id's shape; which ids exist is checked where the catalogue is loaded (the listing filters). */
const optionalSlug: SearchRule<string> = (value) =>
  typeof value === 'string' && /^[a-z][a-z-]{0,39}$/.test(value) ? value : undefined;

/** A price bound: a number of 0 or more, as the router parsed it or as text. */
const optionalPrice: SearchRule<number> = (value) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

const MARKETPLACE_SORTS = ['newest', 'price-asc', 'price-desc'] as const;

/** Pages of listings loaded (infinite scroll), so a shared or restored address shows as many. */
const optionalPages: SearchRule<number> = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 20 ? value : undefined;

/**
 * Spec §2: a processed image address that opens the marketplace's create-item dialog prefilled;
 * issue 42: the image edit it came from and the piece in the seller's books it lists, so the new
 * listing is linked to both; issue 25: the listing search, its filters, its order and how many
 * pages are shown.
 */
export const marketplaceSearch = searchSchema({
  image: optionalString,
  edit: optionalString,
  piece: optionalString,
  search: optionalText,
  tag: optionalText,
  style: optionalSlug,
  type: optionalSlug,
  condition: optionalSlug,
  area: optionalText,
  min: optionalPrice,
  max: optionalPrice,
  sort: (value): (typeof MARKETPLACE_SORTS)[number] | undefined =>
    MARKETPLACE_SORTS.find((sort) => sort === value && sort !== 'newest'),
  pages: optionalPages,
});
export type MarketplaceSearch = ReturnType<typeof marketplaceSearch.parse>;

/** The router parses `?paid=true` as a boolean; a hand-typed non-empty string is accepted too. */
export const dashboardSearch = searchSchema({
  paid: (value): boolean | string | undefined => (typeof value === 'boolean' ? value : optionalString(value)),
});

/** Checkout's cancel URL lands on /pricing with `checkout=cancelled`, so the page can say so once. */
export const pricingSearch = searchSchema({ checkout: optionalString });
