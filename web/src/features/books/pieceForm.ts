/**
 * The piece and cost-line forms' values (what the seller types: money and hours as text) and their
 * conversion to core's fields. The forms are checked by core's own schemas after the conversion,
 * so a field's message is core's (PIECE_MESSAGES) and the app cannot accept what the store refuses.
 */
import { z } from 'zod';
import {
  PIECE_MESSAGES,
  SOLD_STATUSES,
  costLineFieldsSchema,
  parseMoney,
  pieceFieldsSchema,
  type CostCategory,
  type CostLineFields,
  type DesignStyleId,
  type FurnitureTypeId,
  type Piece,
  type PieceFields,
  type PieceStatus,
} from '@flipstage/core';
import { centsToTyped } from './money';

export interface PieceFormValues {
  name: string;
  furnitureType: FurnitureTypeId | null;
  style: DesignStyleId | null;
  boughtFrom: string;
  boughtOn: string;
  purchase: string;
  hours: string;
  status: PieceStatus;
  listingId: string | null;
  /** Linked on the piece's page, not typed in the form: carried through so saving keeps them. */
  stagingIds: string[];
  sale: string;
  saleChannel: string;
  soldOn: string;
}

export const EMPTY_PIECE_FORM: PieceFormValues = {
  name: '',
  furnitureType: null,
  style: null,
  boughtFrom: '',
  boughtOn: '',
  purchase: '',
  hours: '',
  status: 'sourced',
  listingId: null,
  stagingIds: [],
  sale: '',
  saleChannel: '',
  soldOn: '',
};

export const isSoldStatus = (status: PieceStatus) => SOLD_STATUSES.includes(status);

/** Hours as typed: empty is none worked; anything but a plain number is NaN, which core refuses. */
function parseHours(typed: string): number {
  const plain = typed.trim();
  if (plain === '') return 0;
  return /^\d+(?:\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

const orNull = (typed: string) => (typed.trim() === '' ? null : typed.trim());

/** The sale's fields count only while the piece is sold: marking it listed again clears them. */
export function toPieceFields(values: PieceFormValues): PieceFields {
  const sold = isSoldStatus(values.status);
  return {
    name: values.name.trim(),
    furnitureType: values.furnitureType,
    style: values.style,
    boughtFrom: orNull(values.boughtFrom),
    boughtOn: orNull(values.boughtOn),
    purchaseCents: values.purchase.trim() === '' ? 0 : (parseMoney(values.purchase) ?? Number.NaN),
    hours: parseHours(values.hours),
    status: values.status,
    listingId: values.listingId,
    stagingIds: values.stagingIds,
    saleCents: !sold || values.sale.trim() === '' ? null : (parseMoney(values.sale) ?? Number.NaN),
    saleChannel: sold ? orNull(values.saleChannel) : null,
    soldOn: sold ? orNull(values.soldOn) : null,
  };
}

export function toPieceForm(piece: Piece): PieceFormValues {
  return {
    name: piece.name,
    furnitureType: piece.furnitureType,
    style: piece.style,
    boughtFrom: piece.boughtFrom ?? '',
    boughtOn: piece.boughtOn ?? '',
    purchase: centsToTyped(piece.purchaseCents),
    hours: piece.hours === 0 ? '' : String(piece.hours),
    status: piece.status,
    listingId: piece.listingId,
    stagingIds: piece.stagingIds,
    sale: centsToTyped(piece.saleCents),
    saleChannel: piece.saleChannel ?? '',
    soldOn: piece.soldOn ?? '',
  };
}

/** Core's field names where the form's differ. */
const PIECE_FORM_FIELD: Partial<Record<keyof PieceFields, keyof PieceFormValues>> = {
  purchaseCents: 'purchase',
  saleCents: 'sale',
};

/** A NaN amount is core's "not a number" issue: say what to type instead. */
function fieldMessage(field: string, message: string): string {
  if (field === 'purchase' || field === 'sale') return PIECE_MESSAGES.money;
  if (field === 'hours') return PIECE_MESSAGES.hours;
  return message;
}

export const pieceFormSchema = z.custom<PieceFormValues>().superRefine((values, ctx) => {
  const parsed = pieceFieldsSchema.safeParse(toPieceFields(values));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const coreField = String(issue.path[0]) as keyof PieceFields;
    const field = PIECE_FORM_FIELD[coreField] ?? coreField;
    ctx.addIssue({ code: 'custom', path: [field], message: fieldMessage(field, issue.message) });
  }
});

export interface CostFormValues {
  category: CostCategory;
  amount: string;
  note: string;
}

export const EMPTY_COST_FORM: CostFormValues = { category: 'materials', amount: '', note: '' };

export function toCostFields(values: CostFormValues): CostLineFields {
  return {
    category: values.category,
    amountCents: parseMoney(values.amount) ?? Number.NaN,
    note: values.note.trim(),
  };
}

export const costFormSchema = z.custom<CostFormValues>().superRefine((values, ctx) => {
  const parsed = costLineFieldsSchema.safeParse(toCostFields(values));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'amountCents' ? 'amount' : String(issue.path[0]);
    ctx.addIssue({ code: 'custom', path: [field], message: field === 'amount' ? PIECE_MESSAGES.money : issue.message });
  }
});
