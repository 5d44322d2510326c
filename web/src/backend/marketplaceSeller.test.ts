import { describe, expect, it } from 'vitest';
import { itemFormData, sellerItemsPath } from './marketplace';

const draft = {
  title: 'Oak table',
  description: 'Seats six.',
  price: 120,
  tags: [],
  state: 'active' as const,
  images: [],
  stagedFrom: [],
};

describe('marketplace API client: listing facts and a seller’s listings', () => {
  it('sends the listing facts under the item form schema’s field names', () => {
    const form = itemFormData({
      ...draft,
      condition: 'good',
      width: 120,
      depth: 45.5,
      height: 75,
      unit: 'in',
      pickupArea: 'Utrecht',
      delivery: true,
      style: 'modern',
      furnitureType: 'table',
    });
    expect(
      Object.fromEntries(
        ['condition', 'width', 'depth', 'height', 'unit', 'pickupArea', 'delivery', 'style', 'furnitureType'].map(
          (name) => [name, form.get(name)],
        ),
      ),
    ).toEqual({
      condition: 'good',
      width: '120',
      depth: '45.5',
      height: '75',
      unit: 'in',
      pickupArea: 'Utrecht',
      delivery: 'true',
      style: 'modern',
      furnitureType: 'table',
    });
  });

  it('leaves out the facts the seller did not give', () => {
    const form = itemFormData({ ...draft, delivery: false });
    expect(form.has('condition')).toBe(false);
    expect(form.has('width')).toBe(false);
    expect(form.get('delivery')).toBe('false');
  });

  it('asks for a seller’s listings by id, with the cursor when there is one', () => {
    expect(sellerItemsPath('u1', null)).toBe('/api/marketplace-seller-items?seller=u1');
    expect(sellerItemsPath('u&1', 'abc')).toBe('/api/marketplace-seller-items?seller=u%261&cursor=abc');
  });
});
