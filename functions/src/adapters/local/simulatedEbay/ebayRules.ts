/**
 * What eBay documents and enforces, for the simulated eBay (local mode) and the tests' stand-in,
 * which are one server (simulatedEbay.ts): the checks eBay makes on an inventory item, an offer and
 * its publication against the catalogue's required aspects and allowed conditions (simCatalogue.ts),
 * and eBay's error shape ({ errors: [{ errorId, domain, category, message, longMessage, parameters }] }).
 */
import {
  EBAY_CONDITIONS,
  EBAY_MAX_PHOTOS,
  EBAY_MIN_PHOTOS,
  EBAY_PHOTO_MIN_LONG_SIDE,
  EBAY_TITLE_MAX,
} from '@flipstage/core';
import type { EbayErrorDetail } from '../../../ports/ebay.js';
import { categoryById } from './simCatalogue.js';

export type EbayDomain =
  'API_INVENTORY' | 'API_TAXONOMY' | 'API_ACCOUNT' | 'API_MEDIA' | 'API_FULFILLMENT' | 'OAuth' | 'API_IDENTITY';

export function ebayError(
  errorId: number,
  domain: EbayDomain,
  message: string,
  longMessage: string,
  parameters: Record<string, string> = {},
  category: 'REQUEST' | 'BUSINESS' | 'APPLICATION' = 'REQUEST',
): EbayErrorDetail {
  return {
    errorId,
    domain,
    category,
    message,
    longMessage,
    parameters: Object.entries(parameters).map(([name, value]) => ({ name, value })),
  };
}

/** eBay's documented ids of the errors the checks below raise (Inventory API, "Error codes"). */
export const EBAY_ERROR_IDS = {
  userError: 25002,
  invalidCategory: 25005,
  fulfillmentPolicy: 25007,
  paymentPolicy: 25008,
  returnPolicy: 25009,
  location: 25013,
  condition: 25021,
  invalidValue: 25709,
  notFound: 25710,
  invalidToken: 1001,
} as const;

const invalidValue = (field: string, info: string) =>
  ebayError(
    EBAY_ERROR_IDS.invalidValue,
    'API_INVENTORY',
    `Invalid value for ${field}. ${info}`,
    `Invalid value for ${field}. ${info}`,
    { fieldName: field },
  );

/** createOrReplaceInventoryItem's checks on the item as sent. */
export function inventoryItemErrors(
  body: Record<string, unknown>,
  contentLanguage: string | undefined,
): EbayErrorDetail[] {
  const errors: EbayErrorDetail[] = [];
  if (!contentLanguage)
    errors.push(invalidValue('header Content-Language', 'The Content-Language header is required.'));
  const product = (body.product ?? {}) as Record<string, unknown>;
  const title = product.title;
  if (typeof title !== 'string' || !title.trim()) errors.push(invalidValue('product.title', 'A title is required.'));
  else if (title.length > EBAY_TITLE_MAX)
    errors.push(invalidValue('product.title', `The title may not be longer than ${EBAY_TITLE_MAX} characters.`));
  const condition = body.condition;
  if (condition !== undefined && !EBAY_CONDITIONS.some((c) => c.name === condition))
    errors.push(invalidValue('condition', `${String(condition)} is not a condition.`));
  const images = product.imageUrls;
  if (images !== undefined && (!Array.isArray(images) || images.length > EBAY_MAX_PHOTOS))
    errors.push(invalidValue('product.imageUrls', `At most ${EBAY_MAX_PHOTOS} pictures are allowed.`));
  const quantity = (body.availability as { shipToLocationAvailability?: { quantity?: unknown } } | undefined)
    ?.shipToLocationAvailability?.quantity;
  if (quantity !== undefined && (!Number.isInteger(quantity) || (quantity as number) < 0))
    errors.push(
      invalidValue('availability.shipToLocationAvailability.quantity', 'The quantity must be a whole number.'),
    );
  return errors;
}

/** createOffer's required fields: eBay refuses an offer without them before any publication. */
export function offerErrors(body: Record<string, unknown>, contentLanguage: string | undefined): EbayErrorDetail[] {
  const errors: EbayErrorDetail[] = [];
  if (!contentLanguage)
    errors.push(invalidValue('header Content-Language', 'The Content-Language header is required.'));
  for (const field of ['sku', 'marketplaceId', 'format'])
    if (typeof body[field] !== 'string' || !body[field]) errors.push(invalidValue(field, `${field} is required.`));
  const price = (body.pricingSummary as { price?: { value?: unknown; currency?: unknown } } | undefined)?.price;
  if (!price || !(Number(price.value) > 0) || typeof price.currency !== 'string')
    errors.push(invalidValue('pricingSummary.price', 'A price above 0 with its currency is required.'));
  return errors;
}

export interface PublishCheck {
  title: string;
  conditionName: string | undefined;
  categoryId: string | undefined;
  aspects: Record<string, string[]>;
  /** The long side, in pixels, of each picture the item names; null for a URL eBay does not host. */
  pictureSizes: (number | null)[];
  fulfillmentPolicy: { localPickup: boolean; freight: boolean } | undefined;
  fulfillmentPolicyId: string | undefined;
  paymentPolicyKnown: boolean;
  returnPolicyKnown: boolean;
  locationKnown: boolean;
}

const userError = (info: string, parameters: Record<string, string>) =>
  ebayError(
    EBAY_ERROR_IDS.userError,
    'API_INVENTORY',
    `A user error has occurred. ${info}`,
    info,
    parameters,
    'BUSINESS',
  );

/** publishOffer: what a live listing needs, checked when the offer becomes a listing, as eBay does. */
export function publishErrors(check: PublishCheck): EbayErrorDetail[] {
  const errors: EbayErrorDetail[] = [];
  const category = check.categoryId ? categoryById(check.categoryId) : undefined;
  if (!category)
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.invalidCategory,
        'API_INVENTORY',
        'The category ID is invalid.',
        `The category ${check.categoryId ?? '(none)'} is not a leaf category.`,
        { categoryId: check.categoryId ?? '' },
      ),
    );
  if (check.title.length > EBAY_TITLE_MAX)
    errors.push(userError(`The title may not be longer than ${EBAY_TITLE_MAX} characters.`, { fieldName: 'title' }));
  const condition = EBAY_CONDITIONS.find((c) => c.name === check.conditionName);
  if (category && (!condition || !category.conditions.includes(condition.id)))
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.condition,
        'API_INVENTORY',
        'Invalid item condition information.',
        `The condition ${check.conditionName ?? '(none)'} is not allowed in category ${category.id}.`,
        { conditionId: condition?.id ?? '' },
      ),
    );
  for (const aspect of category?.aspects ?? []) {
    const values = check.aspects[aspect.name] ?? [];
    if (aspect.required && !values.some((v) => v.trim()))
      errors.push(
        userError(`The item specific ${aspect.name} is missing. Add ${aspect.name} to this listing.`, {
          aspectName: aspect.name,
        }),
      );
    else if (!aspect.freeText && values.some((v) => !aspect.values.includes(v)))
      errors.push(
        userError(`The item specific ${aspect.name} must be one of eBay's values.`, { aspectName: aspect.name }),
      );
  }
  const pictures = check.pictureSizes;
  if (pictures.length < EBAY_MIN_PHOTOS || pictures.length > EBAY_MAX_PHOTOS)
    errors.push(
      userError(`A listing needs from ${EBAY_MIN_PHOTOS} to ${EBAY_MAX_PHOTOS} pictures.`, { fieldName: 'imageUrls' }),
    );
  if (pictures.some((side) => side === null || side < EBAY_PHOTO_MIN_LONG_SIDE))
    errors.push(
      userError(`Pictures must be at least ${EBAY_PHOTO_MIN_LONG_SIDE} pixels on their longest side.`, {
        fieldName: 'imageUrls',
      }),
    );
  if (!check.fulfillmentPolicy)
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.fulfillmentPolicy,
        'API_INVENTORY',
        'Invalid fulfillment policy information.',
        'A valid fulfillmentPolicyId of the seller is required to publish.',
        { fulfillmentPolicyId: check.fulfillmentPolicyId ?? '' },
      ),
    );
  if (!check.paymentPolicyKnown)
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.paymentPolicy,
        'API_INVENTORY',
        'Invalid payment policy information.',
        'A valid paymentPolicyId of the seller is required to publish.',
      ),
    );
  if (!check.returnPolicyKnown)
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.returnPolicy,
        'API_INVENTORY',
        'Invalid return policy information.',
        'A valid returnPolicyId of the seller is required to publish.',
      ),
    );
  if (!check.locationKnown)
    errors.push(
      ebayError(
        EBAY_ERROR_IDS.location,
        'API_INVENTORY',
        'Invalid inventory location.',
        'A merchantLocationKey of the seller is required to publish.',
      ),
    );
  return errors;
}
