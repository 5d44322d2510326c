import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { ApiError } from './http';
import { decodeCursor, encodeCursor, firestoreSearchQuery } from './firestoreMarketplace';

describe('Firestore marketplace reader', () => {
  it('hands out cursors that carry the last item’s date, id and price', () => {
    const position = { createdAt: '2026-01-02T03:04:05.678Z', id: 'item-é1', price: 12.5 };
    expect(decodeCursor(encodeCursor(position)!)).toEqual(position);
  });

  it('refuses a cursor it did not hand out with the API’s message', () => {
    expect(() => decodeCursor('bm90LWEtY3Vyc29y')).toThrow(new ApiError(400, MESSAGES.invalidCursor));
  });

  it('checks the filters as the API does', () => {
    expect(() => firestoreSearchQuery({ sort: 'cheapest' as never, cursor: null }, null)).toThrow(MESSAGES.sortInvalid);
    expect(() => firestoreSearchQuery({ min: '200', max: '100', cursor: null }, null)).toThrow(MESSAGES.priceRangeReversed);
  });

  it('turns the filters into search terms, a price range and an order', () => {
    const query = firestoreSearchQuery({ search: 'Oak dressers', style: 'modern', min: '10', sort: 'price-asc', cursor: null }, 'u1');
    expect(query).toMatchObject({
      terms: { all: ['oak', 'f:style=modern'], last: ['dresser', '^dressers'] },
      minPrice: 10,
      maxPrice: null,
      sort: 'price-asc',
      viewer: 'u1',
      after: null,
      limit: 24,
    });
  });
});
