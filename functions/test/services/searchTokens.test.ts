import { describe, expect, it } from 'vitest';
import { itemKeywords, queryTokens, tokenize } from '../../src/services/searchTokens.js';

describe('search tokens', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', () => {
    expect(tokenize('Mid-Century CRÈME Dresser, 6 drawers!')).toEqual([
      'mid',
      'century',
      'creme',
      'dresser',
      '6',
      'drawers',
    ]);
  });

  it('drops duplicates', () => {
    expect(tokenize('oak Oak OAK')).toEqual(['oak']);
  });

  it('builds item keywords from title, tags and description', () => {
    expect(itemKeywords({ title: 'Walnut desk', description: 'With drawers', tags: ['home office'] })).toEqual([
      'walnut',
      'desk',
      'home',
      'office',
      'with',
      'drawers',
    ]);
  });

  it('turns an empty or missing search into no tokens', () => {
    expect(queryTokens(undefined)).toEqual([]);
    expect(queryTokens('  ,, ')).toEqual([]);
  });
});
