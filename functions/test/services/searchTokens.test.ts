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

  it('builds item keywords from the words of title, tags and description', () => {
    const keywords = itemKeywords({ title: 'Walnut desk', description: 'With drawers', tags: ['home office'] });
    expect(keywords.slice(0, 6)).toEqual(['walnut', 'desk', 'home', 'office', 'with', 'drawers']);
  });

  it('adds the beginnings (3 letters or more) of title and tag words, not of the description', () => {
    const keywords = itemKeywords({ title: 'Dresser', description: 'Drawers', tags: ['oak'] });
    expect(keywords).toEqual(['dresser', 'oak', 'drawers', 'dre', 'dres', 'dress', 'dresse']);
  });

  it('turns an empty or missing search into no tokens', () => {
    expect(queryTokens(undefined)).toEqual([]);
    expect(queryTokens('  ,, ')).toEqual([]);
  });
});
