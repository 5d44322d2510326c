import { z } from 'zod';
import { MESSAGES } from './messages.js';
import type { AuthType } from './authTypes.js';

export { AUTH_TYPES, type AuthType } from './authTypes.js';
export { filterImageFiles, isImageType, type ImageFilterResult } from './imageFiles.js';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

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

export const profileFormSchema = z.object({
  name: required(MESSAGES.nameRequired).max(100, 'Name must be 100 characters or fewer'),
  email: required(MESSAGES.profileEmailRequired).pipe(z.email(MESSAGES.emailInvalid)),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export const MAX_PROMPT_LENGTH = 2000;

/** PATCH /api/account: the owner may change only name and avatar (DESIGN §3); other keys are dropped. */
export const profilePatchSchema = z.object({
  name: profileFormSchema.shape.name.optional(),
  avatar: z
    .string({ error: MESSAGES.avatarInvalid })
    .trim()
    .max(2048, MESSAGES.avatarInvalid)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), MESSAGES.avatarInvalid)
    .optional(),
});
export type ProfilePatch = z.output<typeof profilePatchSchema>;

export const reauthPasswordSchema = z.object({
  pass: z.string({ error: MESSAGES.reauthPasswordRequired }).min(1, MESSAGES.reauthPasswordRequired),
});

export const ITEM_STATES = ['active', 'sold'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const MAX_ITEM_IMAGES = 8;
export const MAX_ITEM_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

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

const price = z.union([z.string(), z.number()], { error: MESSAGES.priceRequired }).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: MESSAGES.priceRequired });
    return z.NEVER;
  }
  const n = Number(text);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.priceNotNumber });
    return z.NEVER;
  }
  if (n < 0) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.priceMinimum });
    return z.NEVER;
  }
  return Math.round(n * 100) / 100;
});

/** The item form (spec §5), shared by the dialog and the create/update endpoints. */
export const itemFormSchema = z.object({
  title: required(MESSAGES.titleRequired).max(120, 'Title must be 120 characters or fewer'),
  description: required(MESSAGES.descriptionRequired).max(5000, 'Description must be 5000 characters or fewer'),
  price,
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => parseTags(v)),
  state: z.enum(ITEM_STATES, { error: MESSAGES.itemStateInvalid }).default('active'),
});
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemFormValues = z.output<typeof itemFormSchema>;

/** Field → first message, for API 400 responses and form error placement. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
