import { describe, expect, it } from 'vitest';
import { kitDescription, kitTitle, type KitListing } from './listingKit.js';
import { NO_LISTING_FACTS } from './listingFields.js';

const listing: KitListing = {
  ...NO_LISTING_FACTS,
  title: 'Teak sideboard',
  description: 'Three doors, one shelf.',
  tags: [],
};

describe('kitTitle', () => {
  it('keeps a title that fits the limit as it is', () => {
    expect(kitTitle('Teak sideboard', 14)).toBe('Teak sideboard');
  });

  it('cuts a long title after its last whole word that fits, marked with an ellipsis', () => {
    expect(kitTitle('Mid-century teak sideboard with three doors', 30)).toBe('Mid-century teak sideboard…');
  });

  it('never goes past the limit, counting an emoji as one character', () => {
    const title = kitTitle('🪑 Danish teak dining chairs, set of four, original upholstery', 40);
    expect([...title].length).toBeLessThanOrEqual(40);
    expect(title).toBe('🪑 Danish teak dining chairs, set of…');
  });

  it('cuts mid-word when the first word alone is longer than the limit', () => {
    expect(kitTitle('Schreibtischstuhlkombination', 10)).toBe('Schreibti…');
  });
});

describe('kitDescription', () => {
  it('is the seller’s description followed by each fact they gave, one per line', () => {
    const text = kitDescription(
      {
        ...listing,
        condition: 'like-new',
        vintage: true,
        dimensions: { width: 160, depth: 45, height: 78, unit: 'cm' },
        furnitureType: 'dresser',
        style: 'scandinavian',
        pickupArea: 'Utrecht',
        delivery: true,
        tags: ['teak', 'danish'],
      },
      { real: 2, staged: 0 },
    );
    expect(text).toBe(
      [
        'Three doors, one shelf.',
        '',
        'Condition: Like new',
        'Vintage: 20 years or older',
        'Dimensions (W × D × H): 160 × 45 × 78 cm',
        'Type: Dresser/Cabinet',
        'Style: Scandinavian',
        'Pickup area: Utrecht',
        'Delivery available',
        'Tags: teak, danish',
      ].join('\n'),
    );
  });

  it('leaves out the facts the seller did not give, and says pickup only without delivery', () => {
    expect(kitDescription(listing, { real: 1, staged: 0 })).toBe('Three doors, one shelf.\n\nPickup only');
  });

  it('says which photos are virtually staged when any are', () => {
    expect(kitDescription(listing, { real: 1, staged: 2 })).toContain(
      'The first photo shows the piece as it is; the last 2 photos are virtually staged: the room around the piece is computer-generated.',
    );
  });

  it('says every photo is virtually staged when there is no real one', () => {
    expect(kitDescription(listing, { real: 0, staged: 1 })).toContain('The photo is virtually staged');
  });
});
