/**
 * Publishing a listing to eBay (issue 41): the seller's connection, what the publish form offers
 * (category, its aspects and conditions, the seller's own policies and locations), the publish
 * request and its answers. eBay's limits are the ones eBay documents, so the form refuses what
 * eBay would refuse before anything is sent.
 */
import { z } from 'zod';
import { itemIdSchema } from '../schemas.js';
import type { ItemCondition } from '../listingFields.js';

/** Where each eBay call of ours is served; kept apart from API_PATHS so the feature has one home. */
export const EBAY_PATHS = {
  connection: '/api/ebay/connection',
  connect: '/api/ebay/connect',
  /** eBay sends the seller's browser back here with the authorization code (the RuName's accept URL). */
  callback: '/api/ebay/callback',
  /** The signed-in page the seller returned to finishes the connection with the code. */
  finish: '/api/ebay/finish',
  disconnect: '/api/ebay/disconnect',
  publishOptions: '/api/ebay/publish-options',
  publish: '/api/ebay/publish',
  /** The listing's eBay post, for its owner. */
  listing: '/api/ebay/listing',
  /** eBay's marketplace account deletion notifications (a challenge GET, then POSTed notices). */
  accountDeletion: '/api/ebay/account-deletion',
} as const;

export const EBAY_TITLE_MAX = 80;
export const EBAY_MIN_PHOTOS = 1;
export const EBAY_MAX_PHOTOS = 24;
/** eBay refuses a photo whose longer side is under this many pixels. */
export const EBAY_PHOTO_MIN_LONG_SIDE = 500;

/**
 * eBay's condition ids (Metadata API) and the Inventory API's names for them
 * (developer.ebay.com, "Item condition ID and name values"). A category allows some of them.
 */
export const EBAY_CONDITIONS = [
  { id: '1000', name: 'NEW', label: 'New' },
  { id: '1500', name: 'NEW_OTHER', label: 'New (other)' },
  { id: '1750', name: 'NEW_WITH_DEFECTS', label: 'New with defects' },
  { id: '2500', name: 'SELLER_REFURBISHED', label: 'Seller refurbished' },
  { id: '2750', name: 'LIKE_NEW', label: 'Like new' },
  { id: '3000', name: 'USED_EXCELLENT', label: 'Used' },
  { id: '4000', name: 'USED_VERY_GOOD', label: 'Used, very good' },
  { id: '5000', name: 'USED_GOOD', label: 'Used, good' },
  { id: '6000', name: 'USED_ACCEPTABLE', label: 'Used, acceptable' },
  { id: '7000', name: 'FOR_PARTS_OR_NOT_WORKING', label: 'For parts or not working' },
] as const;

export const ebayConditionName = (id: string) => EBAY_CONDITIONS.find((c) => c.id === id)?.name;
export const ebayConditionLabel = (id: string) => EBAY_CONDITIONS.find((c) => c.id === id)?.label ?? id;

/** The eBay conditions closest to a FlipStage condition, best first: the form's first guess. */
export const EBAY_CONDITIONS_FOR: Record<ItemCondition, readonly string[]> = {
  new: ['1000', '1500'],
  'like-new': ['2750', '3000', '1500'],
  good: ['4000', '5000', '3000'],
  fair: ['6000', '3000'],
  'for-parts': ['7000'],
};

const idText = z.string().trim().min(1).max(100);

/** The seller's last choices, kept so the CLI publishes the next listing the same way. */
export const ebayChoicesSchema = z.object({
  categoryId: idText,
  conditionId: idText,
  fulfillmentPolicyId: idText,
  paymentPolicyId: idText,
  returnPolicyId: idText,
  merchantLocationKey: idText,
  aspects: z.record(z.string(), z.array(z.string())).default({}),
});
export type EbayChoices = z.infer<typeof ebayChoicesSchema>;

/** GET connection: what the seller's plan allows and whether an eBay account is connected. */
export const ebayConnectionSchema = z.object({
  allowed: z.boolean(),
  connected: z.boolean(),
  ebayUsername: z.string().nullable(),
  choices: ebayChoicesSchema.nullable(),
});
export type EbayConnection = z.infer<typeof ebayConnectionSchema>;

/** POST connect: where to come back to once eBay has asked the seller (a path of this site). */
export const ebayConnectRequestSchema = z.object({
  returnTo: z
    .string()
    .regex(/^\/(?!\/)[^\s\\]*$/, 'returnTo must be a path of this site')
    .max(300)
    .default('/'),
});
export const ebayConnectAnswerSchema = z.object({ url: z.string() });

/** POST finish: the code and state eBay sent back, from the address's fragment. */
export const ebayFinishRequestSchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(2000),
});

/** POST disconnect: eBay keeps no revoke call for user tokens; the seller removes the app there. */
export const ebayDisconnectAnswerSchema = z.object({ revokeAtEbayUrl: z.string() });

export const ebayPolicySchema = z.object({ id: z.string(), name: z.string() });
export const ebayFulfillmentPolicySchema = ebayPolicySchema.extend({
  localPickup: z.boolean(),
  freight: z.boolean(),
});
export const ebayAspectSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  /** Free text, or one of `values` only. */
  freeText: z.boolean(),
  multiple: z.boolean(),
  values: z.array(z.string()),
});
export type EbayAspect = z.infer<typeof ebayAspectSchema>;
export const ebayCategorySchema = z.object({ id: z.string(), name: z.string(), path: z.string() });

export const ebayPostSchema = z.object({
  listingId: z.string(),
  url: z.string(),
  state: z.enum(['live', 'withdrawn', 'sold']),
  updatedAt: z.string(),
});
export type EbayPost = z.infer<typeof ebayPostSchema>;

/** GET publish-options?id=&categoryId=: the form's choices for one listing. */
export const ebayPublishOptionsQuerySchema = z.object({
  id: itemIdSchema,
  categoryId: idText.optional(),
});
export const ebayPublishOptionsSchema = z.object({
  title: z.string(),
  photos: z.array(z.string()),
  /** Which photos the form marks virtually staged at first: the kits' guess. */
  stagedPhotos: z.array(z.number()),
  categories: z.array(ebayCategorySchema),
  categoryId: z.string().nullable(),
  aspects: z.array(ebayAspectSchema),
  conditions: z.array(z.object({ id: z.string(), label: z.string() })),
  suggestedConditionId: z.string().nullable(),
  fulfillmentPolicies: z.array(ebayFulfillmentPolicySchema),
  paymentPolicies: z.array(ebayPolicySchema),
  returnPolicies: z.array(ebayPolicySchema),
  locations: z.array(z.object({ key: z.string(), name: z.string() })),
  saved: ebayChoicesSchema.nullable(),
  post: ebayPostSchema.nullable(),
});
export type EbayPublishOptions = z.infer<typeof ebayPublishOptionsSchema>;

/**
 * POST publish. Only `itemId` is needed: every choice left out is the seller's saved one (the
 * CLI's `listings publish --ebay`), the title the listing's own. `stagedPhotos` are the indexes of
 * the listing's photos that are virtually staged: they go after the real ones (left out, the
 * kits' guess: the studio's photo, when the listing has one).
 */
export const ebayPublishRequestSchema = ebayChoicesSchema.partial().extend({
  // No default here: left out, the saved aspects apply.
  aspects: z.record(z.string(), z.array(z.string())).optional(),
  itemId: itemIdSchema,
  title: z.string().trim().min(1).max(EBAY_TITLE_MAX).optional(),
  stagedPhotos: z.array(z.number().int().min(0)).max(EBAY_MAX_PHOTOS).optional(),
});
export type EbayPublishRequest = z.input<typeof ebayPublishRequestSchema>;

export const ebayPublishAnswerSchema = ebayPostSchema;

const chosen = (what: string) =>
  z
    .string({ error: `Choose ${what}.` })
    .trim()
    .min(1, `Choose ${what}.`);

/**
 * The web app's publish form: every choice made, the title within eBay's limit. Item specifics are
 * one value each, in the order of the category's aspects (their names may hold dots and slashes,
 * which form paths cannot); the form turns them into the request's record.
 */
export const ebayPublishFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the piece a title.')
    .max(EBAY_TITLE_MAX, `eBay titles are at most ${EBAY_TITLE_MAX} characters.`),
  categoryId: chosen('an eBay category'),
  conditionId: chosen('a condition'),
  fulfillmentPolicyId: chosen('a pickup or delivery policy'),
  paymentPolicyId: chosen('a payment policy'),
  returnPolicyId: chosen('a return policy'),
  merchantLocationKey: chosen('the location it is picked up or sent from'),
  aspectValues: z.array(z.string()),
});
export type EbayPublishForm = z.infer<typeof ebayPublishFormSchema>;

/** The publish form's fields an eBay refusal can point at. */
export const EBAY_FORM_FIELDS = [
  'title',
  'categoryId',
  'conditionId',
  'aspects',
  'fulfillmentPolicyId',
  'paymentPolicyId',
  'returnPolicyId',
  'merchantLocationKey',
  'photos',
  'price',
] as const;
export type EbayFormField = (typeof EBAY_FORM_FIELDS)[number];

/** Each field's name where the seller reads it: the form's labels, the CLI's refusal lines. */
export const EBAY_FIELD_LABELS: Record<EbayFormField, string> = {
  title: 'Title',
  categoryId: 'eBay category',
  conditionId: 'Condition',
  aspects: 'Item specifics',
  fulfillmentPolicyId: 'Pickup or delivery policy',
  paymentPolicyId: 'Payment policy',
  returnPolicyId: 'Return policy',
  merchantLocationKey: 'Location',
  photos: 'Photos',
  price: 'Price',
};

/** A refused publish (422): the message, and what to fix in which field, in the seller's words. */
export const ebayRefusalSchema = z.object({
  error: z.object({ message: z.string() }),
  fields: z.partialRecord(z.enum(EBAY_FORM_FIELDS), z.string()).default({}),
});
export type EbayRefusal = z.infer<typeof ebayRefusalSchema>;

export const EBAY_MESSAGES = {
  notConfigured: 'Publishing to eBay is not set up on this site.',
  notConnected: 'Connect your eBay account first.',
  connectAgain: 'Your eBay connection has expired or was removed at eBay. Connect eBay again to go on.',
  consentFailed: 'eBay did not confirm the connection. Try Connect eBay again.',
  otherAccount:
    'This eBay connection was started by another FlipStage account. Sign in to that account, or start again here.',
  ebayUnavailable: 'eBay is not answering right now. Try again in a few minutes.',
  refused: 'eBay did not accept the listing. Fix what is marked and publish again.',
  noChoices: 'Publish one listing from the web app first, so FlipStage knows your eBay category and policies.',
  noPhotos: 'eBay needs at least one photo.',
  alreadyLive: 'This listing is already on eBay.',
  notLive: 'This listing can be published only while it is for sale on FlipStage.',
} as const;
