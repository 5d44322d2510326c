import { z } from 'zod';

/** The client-facing merged user (spec §3, DESIGN §3), as mergeUser builds it. */
export const mergedUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  avatar: z.string(),
  providers: z.array(z.string()),
  planId: z.string().nullable(),
  creditsRemaining: z.number(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionStatus: z.string().nullable(),
  planIsActive: z.boolean(),
  isFreeTrial: z.boolean(),
});
export type MergedUser = z.infer<typeof mergedUserSchema>;

/**
 * POST, GET and PATCH /api/account answer with the merged user and whether its plan gives HD
 * output and marketplace posting, judged by the server, which alone knows every configured price id.
 */
export const accountResponseSchema = mergedUserSchema.extend({
  hdAllowed: z.boolean(),
  /** Whether the plan includes "Post to marketplaces" (core's marketplacesAllowed). Absent from servers that do not say. */
  marketplacesAllowed: z.boolean().optional(),
  /**
   * True while the sign-up credits wait for a verified email (Firebase mode); they arrive with the
   * first account call made with a verified token. Absent from servers that do not say.
   */
  signupCreditsPending: z.boolean().optional(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** One record of the studio's history (GET /api/image-edits). */
export const imageEditSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  input_image_url: z.string(),
  output_image_url: z.string(),
  background_style: z.string(),
  style: z.string().nullable(),
  furniture_type: z.string().nullable(),
  created_at: z.string(),
});
export type ImageEdit = z.infer<typeof imageEditSchema>;

export const imageEditsPageSchema = z.object({ data: z.array(imageEditSchema), nextCursor: z.string().nullable() });
export type ImageEditsPage = z.infer<typeof imageEditsPageSchema>;

/** GET /api/client-address: the address fair use counts the caller under, to check a deploy's front ends. */
export interface ClientAddressResponse {
  address: string;
}
