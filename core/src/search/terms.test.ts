import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';
import { facetComboTerm, itemTerms, matchesTerms, searchTerms, words } from './terms.js';

describe('stem', () => {
  it.each([
    ['dressers', 'dresser'],
    ['chairs', 'chair'],
    ['benches', 'bench'],
    ['shelves', 'shelf'],
    ['vanities', 'vanity'],
    ['boxes', 'box'],
    ['glasses', 'glass'],
  ])('brings the plural %s to %s', (plural, single) => {
    expect(stem(plural)).toBe(single);
  });

  it.each([
    ['tables', 'table'],
    ['carved', 'carve'],
    ['painted', 'paint'],
    ['stripped', 'strip'],
    ['wardrobes', 'wardrobe'],
  ])('meets %s and %s on one stem', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it('leaves short words, numbers and words ending in -ss, -us or -is alone', () => {
    expect(['bed', 'red', 'king', '1960s', 'dress', 'cactus', 'chassis'].map(stem)).toEqual([
      'bed',
      'red',
      'king',
      '1960s',
      'dress',
      'cactus',
      'chassis',
    ]);
  });
});

describe('words', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits, once each', () => {
    expect(words('Mid-Century CRÈME Dresser, 6 drawers! crème')).toEqual(['mid', 'century', 'creme', 'dresser', '6', 'drawers']);
  });
});

describe('search terms', () => {
  const item = {
    title: 'Walnut Dressers',
    description: 'Six drawers, painted',
    tags: ['Mid Century'],
    style: 'boho',
    furnitureType: 'dresser',
    condition: 'good',
    pickupArea: 'Lyon 69003',
  };
  const keywords = itemTerms(item);
  const finds = (input: Parameters<typeof searchTerms>[0]) => matchesTerms(keywords, searchTerms(input));

  it('finds an item by any inflection of its words, title or description', () => {
    expect(finds({ search: 'dresser' })).toBe(true);
    expect(finds({ search: 'DRAWER paint' })).toBe(true);
  });

  it('takes the last word as a prefix of a title, tag or area word while it is typed', () => {
    expect(finds({ search: 'dresser wal' })).toBe(true);
    expect(finds({ search: 'cent' })).toBe(true);
  });

  it('does not take earlier words as prefixes', () => {
    expect(finds({ search: 'wal dresser' })).toBe(false);
  });

  it('does not take description words as prefixes', () => {
    expect(finds({ search: 'draw' })).toBe(false);
  });

  it('matches a tag whatever its separators and case', () => {
    expect(finds({ tag: 'mid-century' })).toBe(true);
    expect(finds({ tag: 'mid' })).toBe(false);
  });

  it('matches the pickup area by its words', () => {
    expect(finds({ area: 'lyon' })).toBe(true);
    expect(finds({ area: '69003 LYON' })).toBe(true);
    expect(finds({ area: 'paris' })).toBe(false);
  });

  it('matches any mix of style, type and condition through one combined term', () => {
    expect(finds({ style: 'boho', condition: 'good' })).toBe(true);
    expect(finds({ style: 'boho', type: 'dresser', condition: 'good' })).toBe(true);
    expect(finds({ style: 'boho', condition: 'fair' })).toBe(false);
    expect(searchTerms({ style: 'boho', condition: 'good' }).all).toEqual([facetComboTerm({ style: 'boho', condition: 'good' })]);
  });

  it('asks for nothing when the search is empty', () => {
    expect(searchTerms({ search: '  ,, ' })).toEqual({ all: [], last: null });
  });
});
