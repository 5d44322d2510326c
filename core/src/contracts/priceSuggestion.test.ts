import { describe, expect, it } from 'vitest';
import { MIN_SALES_FOR_PRICE, priceRangeOf, priceSuggestionQuerySchema } from './priceSuggestion.js';

describe('priceRangeOf', () => {
  it('gives no number from fewer sales than the minimum', () => {
    expect(priceRangeOf([100, 120, 140, 160], 'type')).toBeNull();
    expect(MIN_SALES_FOR_PRICE).toBe(5);
  });

  it('gives the median and the middle half of the sales, whatever their order', () => {
    expect(priceRangeOf([300, 100, 200, 500, 400], 'type-style')).toEqual({
      kind: 'range',
      basis: 'type-style',
      sales: 5,
      median: 300,
      low: 200,
      high: 400,
    });
  });

  it('interpolates between two sales and rounds to cents', () => {
    expect(priceRangeOf([10, 20, 30, 40, 50, 60], 'type')).toMatchObject({ median: 35, low: 22.5, high: 47.5 });
    expect(priceRangeOf([0.1, 0.2, 0.3, 0.4, 0.5, 0.7], 'type')?.median).toBe(0.35);
  });
});

describe('priceSuggestionQuerySchema', () => {
  it('takes a catalogue type with an optional style and condition', () => {
    expect(priceSuggestionQuerySchema.parse({ furnitureType: 'sofa', style: 'modern', condition: 'good' })).toEqual({
      furnitureType: 'sofa',
      style: 'modern',
      condition: 'good',
    });
  });

  it('refuses a type the catalogue does not have', () => {
    expect(priceSuggestionQuerySchema.safeParse({ furnitureType: 'spaceship' }).success).toBe(false);
  });
});
