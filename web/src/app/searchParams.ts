import { z } from 'zod';

/** A non-empty string param; anything else (empty, or a number or flag the router parsed) is dropped. */
export const optionalString = z.string().min(1).optional().catch(undefined);

/** Search schemas for route `validateSearch`: a malformed param is dropped, never an error page. */
export const nextSearch = z.object({ next: optionalString });

/** The auth action links (verify, password reset) carry the action code and mode beside `next`. */
export const actionSearch = z.object({ next: optionalString, oobCode: optionalString, mode: optionalString });

/** Spec §2: a processed image address that opens the marketplace's create-item dialog prefilled. */
export const marketplaceSearch = z.object({ image: optionalString });

/** The router parses `?paid=true` as a boolean; a hand-typed non-empty string is accepted too. */
export const dashboardSearch = z.object({
  paid: z
    .union([z.boolean(), z.string().min(1)])
    .optional()
    .catch(undefined),
});
