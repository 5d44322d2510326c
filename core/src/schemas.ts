import { z } from 'zod';
import { MESSAGES } from './messages.js';
import type { AuthType } from './authTypes.js';
import { isAllowedAvatar, nameRefusal, trimNameSpaces, type AvatarOwner } from './profileRules.js';
import {
  MAX_CURSOR_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_PRICE,
  MAX_PROMPT_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_STAGE_VARIANT,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from './limits.js';
import {
  DEFAULT_FURNITURE_TYPE,
  DEFAULT_STYLE,
  DESIGN_STYLE_IDS,
  FURNITURE_TYPE_IDS,
  type DesignStyleId,
  type FurnitureTypeId,
} from './catalog.js';

import { dimensionIssues, ITEM_CONDITIONS, listingFactsFormShape, MAX_PICKUP_AREA_LENGTH } from './listingFields.js';
import { DEFAULT_ITEM_SORT, ITEM_SORTS } from './search/query.js';
import { hasControlCharacters } from './text.js';
import { IMAGE_EDIT_ID_PATTERN, PIECE_LIMITS } from './books/pieces.js';

export { AUTH_TYPES, type AuthType } from './authTypes.js';
export { filterImageFiles, isImageType, type ImageFilterResult } from './imageFiles.js';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export { hasControlCharacters };

const isLine = (text: string) => !hasControlCharacters(text);
const isMultiline = (text: string) => !hasControlCharacters(text, true);

const email = required(MESSAGES.emailRequired).pipe(z.email(MESSAGES.emailInvalid));
const password = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);
const confirmPass = z.string({ error: MESSAGES.confirmRequired }).min(1, MESSAGES.confirmRequired);

/** Which fields the auth form shows for each type (spec §5: confirm only for signup and changepass). */
export function authFormFields(type: AuthType): { email: boolean; pass: boolean; confirmPass: boolean } {
  return {
    email: type !== 'changepass',
    pass: type !== 'forgotpass',
    confirmPass: type === 'signup' || type === 'changepass',
  };
}

function withConfirm<T extends z.ZodObject<{ pass: typeof password; confirmPass: typeof confirmPass }>>(schema: T) {
  return schema.refine((v) => v.pass === v.confirmPass, { message: MESSAGES.confirmMismatch, path: ['confirmPass'] });
}

export const signUpSchema = withConfirm(z.object({ email, pass: password, confirmPass }));
export const signInSchema = z.object({ email, pass: password });
export const forgotPassSchema = z.object({ email });
/** Spec §5: password change uses the same password and confirm rules. */
export const passwordChangeSchema = withConfirm(z.object({ pass: password, confirmPass }));

export type AuthFormValues = { email?: string; pass?: string; confirmPass?: string };

export function authFormSchema(type: AuthType): z.ZodType<AuthFormValues, AuthFormValues> {
  switch (type) {
    case 'signup':
      return signUpSchema;
    case 'signin':
      return signInSchema;
    case 'forgotpass':
      return forgotPassSchema;
    case 'changepass':
      return passwordChangeSchema;
  }
}

/** The rules firestore.rules also applies (profileRules.ts), kept as the trimmed name. */
const profileName = z
  .string({ error: MESSAGES.nameRequired })
  .superRefine((name, ctx) => {
    const refusal = nameRefusal(name);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, abort: true });
  })
  .transform(trimNameSpaces);

export const profileFormSchema = z.object({
  name: profileName,
  email: required(MESSAGES.profileEmailRequired).pipe(z.email(MESSAGES.emailInvalid)),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

/** An allowed avatar (isAllowedAvatar) kept as it is; null and '' both mean the default avatar, stored as ''. */
function avatarSchema(owner: AvatarOwner) {
  return z
    .string({ error: MESSAGES.avatarInvalid })
    .nullable()
    .transform((avatar) => avatar ?? '')
    .refine((avatar) => isAllowedAvatar(avatar, owner), MESSAGES.avatarInvalid);
}

/** PATCH /api/account: the owner may change only name and avatar (DESIGN §3); other keys are dropped. */
export function profilePatchSchema(owner: AvatarOwner) {
  return z.object(
    { name: profileName.optional(), avatar: avatarSchema(owner).optional() },
    // A JSON array or number parses as JSON, but is no profile.
    { error: MESSAGES.invalidJson },
  );
}
export type ProfilePatch = z.output<ReturnType<typeof profilePatchSchema>>;

export const reauthPasswordSchema = z.object({
  pass: z.string({ error: MESSAGES.reauthPasswordRequired }).min(1, MESSAGES.reauthPasswordRequired),
});

export const ITEM_STATES = ['active', 'sold'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Tags arrive as one comma-separated string (spec §3); they are trimmed, lower-cased and de-duplicated. */
export function parseTags(input: string | readonly string[] | undefined | null): string[] {
  const parts = typeof input === 'string' ? input.split(',') : (input ?? []).flatMap((t) => t.split(','));
  const seen = new Set<string>();
  for (const part of parts) {
    const tag = part.trim().toLowerCase().slice(0, MAX_TAG_LENGTH);
    if (tag) seen.add(tag);
  }
  return [...seen].slice(0, MAX_TAGS);
}

/** Digits with an optional fraction: Number() would also take "0x1F", "1e3" and "Infinity". */
const PRICE_TEXT = /^-?\d+(?:\.\d+)?$/;

const price = z
  .union([z.string(), z.number()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.priceRequired : MESSAGES.priceNotNumber,
  })
  .transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (typeof value === 'string' && value.trim() === '') return fail(MESSAGES.priceRequired);
    if (typeof value === 'string' && !PRICE_TEXT.test(value.trim())) return fail(MESSAGES.priceNotNumber);
    const n = Number(typeof value === 'string' ? value.trim() : value);
    if (Number.isNaN(n)) return fail(MESSAGES.priceNotNumber);
    if (n < 0) return fail(MESSAGES.priceMinimum);
    if (n > MAX_PRICE) return fail(MESSAGES.priceMaximum);
    // Cents exactly: 1.005 has a third decimal; 0.29 survives the round trip although 0.29 * 100 does not.
    if (Math.round(n * 100) / 100 !== n) return fail(MESSAGES.priceDecimals);
    return n + 0; // -0 becomes 0
  });

/** The item form (spec §5), shared by the dialog and the create/update endpoints. */
export const itemFormSchema = z.object({
  title: required(MESSAGES.titleRequired)
    .max(120, MESSAGES.tooLong('Title', 120))
    .refine(isLine, MESSAGES.controlCharacters('Title')),
  description: required(MESSAGES.descriptionRequired)
    .max(5000, MESSAGES.tooLong('Description', 5000))
    .refine(isMultiline, MESSAGES.controlCharacters('Description')),
  price,
  tags: z
    .union([z.string(), z.array(z.string())], { error: MESSAGES.controlCharacters('Tags') })
    .optional()
    .refine((v) => [v ?? []].flat().every(isLine), MESSAGES.controlCharacters('Tags'))
    .transform((v) => parseTags(v)),
  state: z.enum(ITEM_STATES, { error: MESSAGES.itemStateInvalid }).default('active'),
  ...listingFactsFormShape,
}).superRefine((form, ctx) => {
  for (const issue of dimensionIssues(form)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemFormValues = z.output<typeof itemFormSchema>;

/** Ids the backend hands out (random UUIDs), in the shape every store accepts as a key. */
const RECORD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** `?id=` of GET /api/marketplace-get-item and PUT /api/marketplace-update-item. */
export const itemIdSchema = z.string({ error: MESSAGES.invalidItemId }).regex(RECORD_ID, MESSAGES.invalidItemId);


/** One query parameter: absent, or sent once as text (Express turns `?a=1&a=2` into an array). */
function queryText(name: string, label: string, max: number) {
  return z
    .string({ error: MESSAGES.queryNotText(name) })
    .max(max, MESSAGES.tooLong(label, max))
    .refine(isLine, MESSAGES.controlCharacters(label))
    .optional();
}

const cursorParam = z
  .string({ error: MESSAGES.invalidCursor })
  .max(MAX_CURSOR_LENGTH, MESSAGES.invalidCursor)
  .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.invalidCursor)
  .optional();

/** An optional facet filter: one of the catalogue's ids, or empty for any. */
function facetParam<T extends string>(name: string, values: readonly T[], message: string) {
  return z
    .string({ error: MESSAGES.queryNotText(name) })
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v): v is T | undefined => v === undefined || (values as readonly string[]).includes(v), message);
}

function priceParam(name: string, label: string) {
  return z
    .string({ error: MESSAGES.queryNotText(name) })
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || (PRICE_TEXT.test(v) && Number(v) >= 0), MESSAGES.priceFilterInvalid(label))
    .transform((v) => (v === undefined ? null : Number(v)));
}

/** GET /api/marketplace-get-items (issue 25: words, filters, sort); other parameters are ignored. */
export const itemsQuerySchema = z
  .object({
    search: queryText('search', 'Search', MAX_SEARCH_LENGTH),
    tag: queryText('tag', 'Tag', MAX_TAG_LENGTH),
    style: facetParam('style', DESIGN_STYLE_IDS, MESSAGES.listingStyleInvalid),
    type: facetParam('type', FURNITURE_TYPE_IDS, MESSAGES.listingTypeInvalid),
    condition: facetParam('condition', ITEM_CONDITIONS, MESSAGES.conditionInvalid),
    area: queryText('area', 'Pickup area', MAX_PICKUP_AREA_LENGTH),
    min: priceParam('min', 'Minimum'),
    max: priceParam('max', 'Maximum'),
    sort: choice(ITEM_SORTS, DEFAULT_ITEM_SORT, MESSAGES.sortInvalid),
    cursor: cursorParam,
  })
  .refine((q) => q.min === null || q.max === null || q.min <= q.max, { message: MESSAGES.priceRangeReversed, path: ['min'] });
export type ItemsQuery = z.output<typeof itemsQuerySchema>;

const imageEditIdsMessage = MESSAGES.imageEditIdsInvalid(PIECE_LIMITS.stagings);

/** `?ids=a,b`: a piece's linked stagings, at most as many as a piece may link. */
const imageEditIdsParam = z
  .string({ error: MESSAGES.queryNotText('ids') })
  .max(PIECE_LIMITS.stagings * (PIECE_LIMITS.id + 1), imageEditIdsMessage)
  .transform((text) => text.split(','))
  .pipe(z.array(z.string().regex(IMAGE_EDIT_ID_PATTERN, imageEditIdsMessage)).max(PIECE_LIMITS.stagings, imageEditIdsMessage))
  .optional();

/** GET /api/image-edits: a page of the caller's edits, or (with `ids`) those edits in that order. */
export const imageEditsQuerySchema = z
  .object({ cursor: cursorParam, ids: imageEditIdsParam })
  .refine((query) => !(query.ids && query.cursor), MESSAGES.idsWithCursor);

/** GET /api/marketplace-seller-items: the seller's user id, and the page to continue from. */
export const sellerItemsQuerySchema = z.object({
  seller: z.string({ error: MESSAGES.invalidSellerId }).regex(RECORD_ID, MESSAGES.invalidSellerId),
  cursor: cursorParam,
});

/** The instants the backend writes (`toISOString()`), years 2000 to 9999: what Postgres and Firestore both order. */
const storedInstant = z.string().refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text)) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString() === text && date.getUTCFullYear() >= 2000;
});

/** A decoded page cursor: the last row's created_at and id. */
export const cursorPositionSchema = z.tuple([storedInstant, z.string().regex(RECORD_ID)], {
  error: MESSAGES.invalidCursor,
});

/** Empty or missing → the default; anything else must be one of the values. */
function choice<T extends string>(values: readonly [T, ...T[]], fallback: T, message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((v) => v?.trim() || fallback)
    .pipe(z.enum(values, { error: message }));
}

/** The highest `variant` POST /api/stage takes: more tries than any seller makes on one photo. */

/** Form fields arrive as text; digits only, since Number() would also take "1e1", "0x1" and "1.0". */
const stageVariant = z
  .string({ error: MESSAGES.invalidVariant })
  .optional()
  .transform((v) => v?.trim() || '0')
  .pipe(z.string().regex(/^\d+$/, MESSAGES.invalidVariant))
  .transform(Number)
  .pipe(z.number({ error: MESSAGES.invalidVariant }).max(MAX_STAGE_VARIANT, MESSAGES.invalidVariant));

/** POST /api/stage's text fields (the size is the plan's business, see staging.ts). */
export const stageFieldsSchema = z.object({
  mode: choice(['auto', 'custom'] as const, 'auto', MESSAGES.invalidMode),
  style: choice(DESIGN_STYLE_IDS as readonly [DesignStyleId, ...DesignStyleId[]], DEFAULT_STYLE, MESSAGES.invalidStyle),
  furnitureType: choice(
    FURNITURE_TYPE_IDS as readonly [FurnitureTypeId, ...FurnitureTypeId[]],
    DEFAULT_FURNITURE_TYPE,
    MESSAGES.invalidFurnitureType,
  ),
  prompt: z
    .string({ error: MESSAGES.promptTooLong })
    .max(MAX_PROMPT_LENGTH, MESSAGES.promptTooLong)
    .refine(isMultiline, MESSAGES.controlCharacters('The prompt'))
    .default(''),
  /** "Try another room": 0 is the first choice of room for the style, 1 the next, and so on. */
  variant: stageVariant,
});


export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, MESSAGES.idempotencyKeyInvalid)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, MESSAGES.idempotencyKeyInvalid)
  .refine(isLine, MESSAGES.controlCharacters('Idempotency-Key'));

/** Field → first message, for API 400 responses and form error placement. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** The schema's output, or `fail` with the first issue's message: how an API edge refuses input. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, fail: (message: string) => Error): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fail(firstIssueMessage(parsed.error));
  return parsed.data;
}
