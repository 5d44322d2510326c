/**
 * The marketplace (DESIGN §4). Requests: itemsQuerySchema (GET marketplace-get-items),
 * itemIdSchema (`?id=`) and itemFormSchema (the create and update forms), in schemas.ts.
 */
import { z } from 'zod';
import { ITEM_STATES } from '../schemas.js';

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
});
export type Item = z.infer<typeof itemSchema>;

/**
 * GET /api/marketplace-get-item?id=: one listing for its own page. Anyone may read it, sold or
 * not, so a shared link keeps working and says Sold.
 */
export const itemDetailSchema = itemSchema.extend({
  /** The seller's profile name; null when they have not set one (their email is never shown). */
  sellerName: z.string().nullable(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

export const itemsPageSchema = z.object({ data: z.array(itemSchema), nextCursor: z.string().nullable() });
export type ItemsPage = z.infer<typeof itemsPageSchema>;
