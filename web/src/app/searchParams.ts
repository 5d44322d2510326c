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

/** Spec §2: a processed image address that opens the marketplace's create-item dialog prefilled. */
export const marketplaceSearch = searchSchema({ image: optionalString });

/** The router parses `?paid=true` as a boolean; a hand-typed non-empty string is accepted too. */
export const dashboardSearch = searchSchema({
  paid: (value): boolean | string | undefined => (typeof value === 'boolean' ? value : optionalString(value)),
});

/** Checkout's cancel URL lands on /pricing with `checkout=cancelled`, so the page can say so once. */
export const pricingSearch = searchSchema({ checkout: optionalString });
