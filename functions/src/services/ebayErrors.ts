/**
 * eBay's refusals in the seller's words, each pointed at the publish form's field it is about.
 * eBay's error ids (Inventory API, "Error codes") say what kind of problem it is; its parameters
 * name the field or aspect. An error we do not know still reaches the seller, as eBay worded it.
 */
import { EBAY_MESSAGES, EBAY_PHOTO_MIN_LONG_SIDE, EBAY_TITLE_MAX, type EbayFormField } from '@flipstage/core';
import type { EbayErrorDetail, EbayRefused } from '../ports/ebay.js';
import { ServiceError } from './errors.js';

type Fields = Partial<Record<EbayFormField, string>>;

const param = (error: EbayErrorDetail, name: string) => error.parameters?.find((p) => p.name === name)?.value ?? '';

/** The field and words for one of eBay's errors. */
function explain(error: EbayErrorDetail): { field: EbayFormField | null; words: string } {
  const said = `${error.message} ${error.longMessage ?? ''}`.toLowerCase();
  const field = param(error, 'fieldName').toLowerCase();
  const aspect = param(error, 'aspectName');
  switch (error.errorId) {
    case 25005:
      return { field: 'categoryId', words: 'eBay does not take listings in this category. Choose another category.' };
    case 25007:
      return { field: 'fulfillmentPolicyId', words: 'Choose one of your eBay pickup or delivery policies.' };
    case 25008:
      return { field: 'paymentPolicyId', words: 'Choose one of your eBay payment policies.' };
    case 25009:
      return { field: 'returnPolicyId', words: 'Choose one of your eBay return policies.' };
    case 25013:
      return { field: 'merchantLocationKey', words: 'Choose the location the piece is picked up or sent from.' };
    case 25021:
      return {
        field: 'conditionId',
        words: 'eBay does not allow this condition in this category. Choose one of the conditions listed.',
      };
  }
  if (aspect)
    return {
      field: 'aspects',
      words: said.includes('missing')
        ? `Fill in “${aspect}”: eBay needs it in this category.`
        : `Choose “${aspect}” from eBay’s list of values.`,
    };
  if (field.includes('title'))
    return { field: 'title', words: `Give the piece a title of 1 to ${EBAY_TITLE_MAX} characters.` };
  if (field.includes('image') || said.includes('picture'))
    return {
      field: 'photos',
      words: said.includes('pixel')
        ? `eBay needs photos at least ${EBAY_PHOTO_MIN_LONG_SIDE} pixels on their longer side. Replace the small ones.`
        : 'eBay needs from 1 to 24 photos.',
    };
  if (field.includes('condition')) return { field: 'conditionId', words: 'Choose one of the conditions listed.' };
  if (field.includes('price')) return { field: 'price', words: 'eBay needs a price above $0.' };
  return { field: null, words: error.longMessage || error.message };
}

/** The ServiceError a refused publish becomes: 422, with the fields to fix. */
export class EbayPublishRefused extends ServiceError {
  constructor(
    message: string,
    readonly fields: Fields,
  ) {
    super('unprocessable', message);
    this.name = 'EbayPublishRefused';
  }
}

export function refusalFor(refused: EbayRefused): EbayPublishRefused {
  const fields: Fields = {};
  const general: string[] = [];
  for (const error of refused.errors) {
    const { field, words } = explain(error);
    if (!field) general.push(words);
    else fields[field] = fields[field] && fields[field] !== words ? `${fields[field]} ${words}` : words;
  }
  const message = general.length ? `${EBAY_MESSAGES.refused} ${general.join(' ')}` : EBAY_MESSAGES.refused;
  return new EbayPublishRefused(message, fields);
}
