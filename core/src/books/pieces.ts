/**
 * The flipper's books (issue 42): a seller's pieces, from purchase to sale, with their cost lines.
 * One home for what a piece and a cost line may hold: the web app checks its forms with these
 * schemas, the local host its API, and firestore.rules spells the same limits (PIECE_LIMITS) for
 * the documents the app writes directly in Firebase mode. Money is integer cents in the seller's
 * one currency, never a float; a text counts UTF-16 units, as the rules' size() does.
 */
import { z } from 'zod';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, type DesignStyleId, type FurnitureTypeId } from '../catalog.js';

export const PIECE_STATUSES = ['sourced', 'in-progress', 'listed', 'reserved', 'sold', 'picked-up'] as const;
export type PieceStatus = (typeof PIECE_STATUSES)[number];
export const PIECE_STATUS_LABELS: Record<PieceStatus, string> = {
  sourced: 'Sourced',
  'in-progress': 'In progress',
  listed: 'Listed',
  reserved: 'Reserved',
  sold: 'Sold',
  'picked-up': 'Picked up',
};
/** A piece in one of these has been sold: it counts toward revenue and profit. */
export const SOLD_STATUSES: readonly PieceStatus[] = ['sold', 'picked-up'];

export const COST_CATEGORIES = ['materials', 'repairs', 'parts', 'delivery', 'fees'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const COST_CATEGORY_LABELS: Record<CostCategory, string> = {
  materials: 'Materials',
  repairs: 'Repairs',
  parts: 'Parts',
  delivery: 'Delivery',
  fees: 'Fees',
};

export const BOOK_CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD'] as const;
export type BookCurrency = (typeof BOOK_CURRENCIES)[number];

/** The same numbers firestore.rules spells; functions/test/firebase/firestore/pieces.rules.test.ts holds both to them. */
export const PIECE_LIMITS = {
  name: 80,
  boughtFrom: 80,
  note: 200,
  channel: 40,
  /** $1,000,000.00: a typo's extra zeros, not a piece of furniture. */
  cents: 100_000_000,
  hours: 10_000,
  id: 64,
  /** Stagings (image edits) linked to one piece: a listing's photos and a few rooms to spare. */
  stagings: 24,
} as const;

/** An image edit's id as the stores make them (a UUID) and as `?ids=` carries it: no comma, no slash. */
export const IMAGE_EDIT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${PIECE_LIMITS.id}}$`);

export const PIECE_MESSAGES = {
  nameRequired: 'Give the piece a name.',
  nameTooLong: `Keep the name to ${PIECE_LIMITS.name} characters.`,
  textTooLong: (what: string, max: number) => `Keep ${what} to ${max} characters.`,
  controlCharacters: 'Remove the control characters from this text.',
  money: 'Enter an amount like 45 or 45.50 (at most $1,000,000).',
  hours: `Enter hours like 3 or 2.5 (at most ${PIECE_LIMITS.hours.toLocaleString('en-US')}).`,
  date: 'Enter a date as YYYY-MM-DD.',
  status: 'Choose one of the statuses.',
  category: 'Choose one of the cost categories.',
  saleBeforePurchase: 'The sale date cannot be before the purchase date.',
  tooManyStagings: `Link at most ${PIECE_LIMITS.stagings} stagings to a piece.`,
  stagingLinkedTwice: 'That staging is already linked to this piece.',
  stagingId: 'That is not one of your stagings.',
} as const;

/** No control characters (tabs and newlines included): they break a CSV row or a line of text. */
const hasControl = (value: string) =>
  [...value].some((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f;
  });

function text(max: number, what: string) {
  return z
    .string()
    .max(max, PIECE_MESSAGES.textTooLong(what, max))
    .refine((value) => !hasControl(value), PIECE_MESSAGES.controlCharacters);
}

/** Whole cents, 0 to PIECE_LIMITS.cents. */
export const centsSchema = z
  .number({ error: PIECE_MESSAGES.money })
  .int(PIECE_MESSAGES.money)
  .min(0, PIECE_MESSAGES.money)
  .max(PIECE_LIMITS.cents, PIECE_MESSAGES.money);

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDaySchema = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, PIECE_MESSAGES.date);

/** Hours to two decimals: 2.5, 0.25, 12. */
export const hoursSchema = z
  .number({ error: PIECE_MESSAGES.hours })
  .min(0, PIECE_MESSAGES.hours)
  .max(PIECE_LIMITS.hours, PIECE_MESSAGES.hours)
  .refine((hours) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-6, PIECE_MESSAGES.hours);

const nameSchema = z
  .string()
  .trim()
  .min(1, PIECE_MESSAGES.nameRequired)
  .max(PIECE_LIMITS.name, PIECE_MESSAGES.nameTooLong)
  .refine((value) => !hasControl(value), PIECE_MESSAGES.controlCharacters);

/** What the seller writes about a piece; the store adds its id, owner and instants. */
export const pieceFieldsSchema = z
  .object({
    name: nameSchema,
    furnitureType: z.enum(FURNITURE_TYPE_IDS as [FurnitureTypeId, ...FurnitureTypeId[]]).nullable(),
    style: z.enum(DESIGN_STYLE_IDS as [DesignStyleId, ...DesignStyleId[]]).nullable(),
    boughtFrom: text(PIECE_LIMITS.boughtFrom, 'where it was bought').nullable(),
    boughtOn: calendarDaySchema.nullable(),
    purchaseCents: centsSchema,
    hours: hoursSchema,
    status: z.enum(PIECE_STATUSES, { error: PIECE_MESSAGES.status }),
    /** The FlipStage listing of this piece, once listed. */
    listingId: z.string().max(PIECE_LIMITS.id).nullable(),
    /** The seller's stagings (image edit ids) of this piece, oldest link first. */
    stagingIds: z
      .array(z.string().regex(IMAGE_EDIT_ID_PATTERN, PIECE_MESSAGES.stagingId))
      .max(PIECE_LIMITS.stagings, PIECE_MESSAGES.tooManyStagings)
      .refine((ids) => new Set(ids).size === ids.length, PIECE_MESSAGES.stagingLinkedTwice),
    saleCents: centsSchema.nullable(),
    saleChannel: text(PIECE_LIMITS.channel, 'the channel').nullable(),
    soldOn: calendarDaySchema.nullable(),
  })
  .refine((piece) => !piece.boughtOn || !piece.soldOn || piece.soldOn >= piece.boughtOn, {
    message: PIECE_MESSAGES.saleBeforePurchase,
    path: ['soldOn'],
  });
export type PieceFields = z.infer<typeof pieceFieldsSchema>;

export interface Piece extends PieceFields {
  id: string;
  owner: string;
  created_at: string;
  updated_at: string;
  /** Set when the seller deletes the piece: it can be restored for PIECE_RESTORE_DAYS. */
  deletedAt: string | null;
}

export const PIECE_RESTORE_DAYS = 30;

/** What the seller wrote of a piece, without what the store keeps: a save replaces every field. */
export function pieceFieldsOf(piece: Piece): PieceFields {
  const { id: _id, owner: _owner, created_at: _created, updated_at: _updated, deletedAt: _deleted, ...fields } = piece;
  return fields;
}

export const costLineFieldsSchema = z.object({
  category: z.enum(COST_CATEGORIES, { error: PIECE_MESSAGES.category }),
  amountCents: centsSchema,
  note: text(PIECE_LIMITS.note, 'the note'),
});
export type CostLineFields = z.infer<typeof costLineFieldsSchema>;

export interface CostLine extends CostLineFields {
  id: string;
  pieceId: string;
  owner: string;
  created_at: string;
}

/**
 * An amount as a seller types it ("45", "45.5", "1,250.00", "$45") in whole cents, or null when it
 * is not one: never through a float, so 0.1 + 0.2 cannot become 30.000000004 cents.
 */
export function parseMoney(typed: string): number | null {
  const plain = typed.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= PIECE_LIMITS.cents ? cents : null;
}

/** Cents as a plain number with two decimals, as a spreadsheet reads it: 4550 → "45.50". */
export function centsToPlain(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
