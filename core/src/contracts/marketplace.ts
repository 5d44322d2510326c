/**
 * The marketplace (DESIGN §4). Requests: itemsQuerySchema (GET marketplace-get-items),
 * itemIdSchema (`?id=`) and itemFormSchema (the create and update forms), in schemas.ts.
 */
import { z } from 'zod';
import { ITEM_STATES } from '../schemas.js';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, type DesignStyleId, type FurnitureTypeId } from '../catalog.js';
import { DIMENSION_UNITS, ITEM_CONDITIONS } from '../listingFields.js';

/**
 * Resized copies of one listing photo for srcset, narrowest first; the photo's own size lets a
 * card reserve its space before the image arrives. Listings stored before variants have none.
 */
export const photoVariantsSchema = z.object({
  width: z.number(),
  height: z.number(),
  sources: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type PhotoVariants = z.infer<typeof photoVariantsSchema>;

const listingFactsSchema = {
  condition: z.enum(ITEM_CONDITIONS).nullable().default(null),
  dimensions: z
    .object({ width: z.number(), depth: z.number(), height: z.number(), unit: z.enum(DIMENSION_UNITS) })
    .nullable()
    .default(null),
  pickupArea: z.string().nullable().default(null),
  delivery: z.boolean().default(false),
  vintage: z.boolean().default(false),
  style: z.enum(DESIGN_STYLE_IDS as [DesignStyleId, ...DesignStyleId[]]).nullable().default(null),
  furnitureType: z.enum(FURNITURE_TYPE_IDS as [FurnitureTypeId, ...FurnitureTypeId[]]).nullable().default(null),
};

export const itemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  thumbs: z.array(z.string()),
  owner: z.string(),
  state: z.enum(ITEM_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  /** True when an image came from the staging studio (see ITEM_STAGED_FROM_FIELD). */
  aiStaged: z.boolean().optional(),
  ...listingFactsSchema,
  /**
   * The seller accepted an offer or marked it reserved: a field of its own beside the spec's
   * state (active or sold), shown as a badge. Who it is reserved for stays in the conversation.
   */
  reserved: z.boolean().default(false),
  /** One entry per image, in the same order (empty for listings stored before variants). */
  variants: z.array(photoVariantsSchema).default([]),
});
export type Item = z.infer<typeof itemSchema>;

/**
 * GET /api/marketplace-get-item?id=: one listing for its own page. Anyone may read it, sold or
 * not, so a shared link keeps working and says Sold.
 */
export const itemDetailSchema = itemSchema.extend({
  /** The seller's profile name; null when they have not set one (their email is never shown). */
  sellerName: z.string().nullable(),
  /** When the seller's account was created (ISO instant); null when unknown. */
  sellerSince: z.string().nullable().default(null),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export const itemsPageSchema = z.object({ data: z.array(itemSchema), nextCursor: z.string().nullable() });
export type ItemsPage = z.infer<typeof itemsPageSchema>;
