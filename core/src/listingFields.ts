/**
 * What a listing tells a buyer beyond the spec's title, description, price and tags (issue 25):
 * condition, dimensions, pickup area, delivery, and the catalogue's style and furniture type for
 * filtering. One schema per field, used by the item form, the API and the stored item.
 */
import { z } from 'zod';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, type DesignStyleId, type FurnitureTypeId } from './catalog.js';
import { MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';

export const ITEM_CONDITIONS = ['new', 'like-new', 'good', 'fair', 'for-parts'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export const ITEM_CONDITION_LABELS: Record<ItemCondition, string> = {
  new: 'New',
  'like-new': 'Like new',
  good: 'Good',
  fair: 'Fair',
  'for-parts': 'For parts',
};

export const DIMENSION_UNITS = ['cm', 'in'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** The largest side a piece of furniture is listed with, in either unit (10 m, or 400 in). */
export const MAX_DIMENSION: Record<DimensionUnit, number> = { cm: 1000, in: 400 };
export const MAX_PICKUP_AREA_LENGTH = 60;

export interface ItemDimensions {
  width: number;
  depth: number;
  height: number;
  unit: DimensionUnit;
}

/** The new fields as stored and served; null where the seller said nothing (listings made before them too). */
export interface ListingFacts {
  condition: ItemCondition | null;
  dimensions: ItemDimensions | null;
  pickupArea: string | null;
  delivery: boolean;
  style: DesignStyleId | null;
  furnitureType: FurnitureTypeId | null;
  /**
   * The seller says the piece is vintage (20 years or older; issue 41): Etsy takes a piece only then.
   * A flag of its own, so the spec's conditions stay as they are.
   */
  vintage: boolean;
}

export const NO_LISTING_FACTS: ListingFacts = {
  condition: null,
  dimensions: null,
  pickupArea: null,
  delivery: false,
  style: null,
  furnitureType: null,
  vintage: false,
};

/**
 * A street and house number in the pickup area: a number next to a street word, in the languages
 * sellers here write. A city or a postcode ("SW1A 1AA", "75011 Paris") has no street word.
 */
const STREET_ADDRESS =
  /(^|\s)\d+[a-z]?\s*,?\s+\p{L}[\p{L} .'-]*\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|close|crescent|straße|strasse|str|weg|gasse|allee|rue|chemin|calle|avenida|via|viale|piazza|laan|straat|gata|vej)\b\.?|\b(street|st|road|rd|avenue|ave|lane|drive|boulevard|blvd|straße|strasse|str|weg|gasse|allee|rue|calle|avenida|via|viale|piazza|laan|straat|gata|vej)\.?\s+\p{L}*\s*\d+[a-z]?\b/iu;

export function looksLikeStreetAddress(text: string): boolean {
  return STREET_ADDRESS.test(text);
}

/** Empty text and absent fields both mean "not given" (a multipart form sends empty strings). */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

function optionalChoice<T extends string>(values: readonly T[], message: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .refine((v): v is T => (values as readonly string[]).includes(v), message)
      .optional(),
  ) as unknown as z.ZodType<T | undefined, unknown>;
}

const dimensionNumber = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.dimensionNotNumber(label) })
      .refine((n) => Number.isFinite(n), MESSAGES.dimensionNotNumber(label))
      .refine((n) => n > 0, MESSAGES.dimensionPositive(label))
      .optional(),
  );

/** A checkbox of the multipart form: 'true' or 'on' when ticked, 'false' or nothing when not. */
const yesOrNo = (message: string) =>
  z.preprocess(
    (value) => (value === 'true' || value === 'on' ? true : value === 'false' || blankToUndefined(value) === undefined ? false : value),
    z.boolean({ error: message }),
  );

/** The listing-facts part of the item form; merged into itemFormSchema. */
export const listingFactsFormShape = {
  condition: optionalChoice(ITEM_CONDITIONS, MESSAGES.conditionInvalid),
  width: dimensionNumber('Width'),
  depth: dimensionNumber('Depth'),
  height: dimensionNumber('Height'),
  unit: optionalChoice(DIMENSION_UNITS, MESSAGES.unitInvalid),
  pickupArea: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MESSAGES.pickupAreaInvalid })
      .trim()
      .max(MAX_PICKUP_AREA_LENGTH, MESSAGES.tooLong('Pickup area', MAX_PICKUP_AREA_LENGTH))
      .refine((v) => !hasControlCharacters(v), MESSAGES.controlCharacters('Pickup area'))
      .refine((v) => !looksLikeStreetAddress(v), MESSAGES.pickupAreaNotAddress)
      .optional(),
  ),
  delivery: yesOrNo(MESSAGES.deliveryInvalid),
  vintage: yesOrNo(MESSAGES.vintageInvalid),
  style: optionalChoice(DESIGN_STYLE_IDS, MESSAGES.listingStyleInvalid),
  furnitureType: optionalChoice(FURNITURE_TYPE_IDS, MESSAGES.listingTypeInvalid),
};

interface ParsedFactsForm {
  condition?: ItemCondition | undefined;
  width?: number | undefined;
  depth?: number | undefined;
  height?: number | undefined;
  unit?: DimensionUnit | undefined;
  pickupArea?: string | undefined;
  delivery: boolean;
  vintage: boolean;
  style?: DesignStyleId | undefined;
  furnitureType?: FurnitureTypeId | undefined;
}

/**
 * Dimensions are all three sides and a unit, or none: a buyer measuring a doorway needs every side.
 * Returned as an issue list so the form can put each message on its field.
 */
export function dimensionIssues(form: ParsedFactsForm): { path: 'width' | 'depth' | 'height' | 'unit'; message: string }[] {
  const sides = (['width', 'depth', 'height'] as const).filter((side) => form[side] !== undefined);
  if (sides.length === 0) return [];
  const issues: { path: 'width' | 'depth' | 'height' | 'unit'; message: string }[] = [];
  for (const side of ['width', 'depth', 'height'] as const) {
    if (form[side] === undefined) issues.push({ path: side, message: MESSAGES.dimensionsIncomplete });
  }
  const unit = form.unit ?? 'cm';
  for (const side of sides) {
    if (form[side]! > MAX_DIMENSION[unit]) {
      issues.push({ path: side, message: MESSAGES.dimensionTooLarge(MAX_DIMENSION[unit], unit) });
    }
  }
  return issues;
}

/** The parsed form's facts as stored: dimensions rounded to a tenth, centimetres when no unit was chosen. */
export function listingFactsOf(form: ParsedFactsForm): ListingFacts {
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    condition: form.condition ?? null,
    dimensions:
      form.width !== undefined && form.depth !== undefined && form.height !== undefined
        ? { width: round(form.width), depth: round(form.depth), height: round(form.height), unit: form.unit ?? 'cm' }
        : null,
    pickupArea: form.pickupArea || null,
    delivery: form.delivery,
    style: form.style ?? null,
    furnitureType: form.furnitureType ?? null,
    vintage: form.vintage,
  };
}

/** "120 × 45 × 80 cm" (W × D × H). */
export function formatDimensions(d: ItemDimensions): string {
  return `${d.width} × ${d.depth} × ${d.height} ${d.unit}`;
}
