import { describe, expect, it } from 'vitest';
import { fileNameFromUrl, itemFormData, itemPath, itemsPath } from './marketplace';

describe('marketplace API client', () => {
  it('asks for items with the filters in use and the cursor when there is one', () => {
    expect(itemsPath({ search: ' oak table ', tag: 'vintage', style: '', min: '10', sort: 'price-asc', cursor: null })).toBe(
      '/api/marketplace-get-items?search=oak+table&tag=vintage&min=10&sort=price-asc',
    );
    expect(itemsPath({ search: '', tag: '', sort: 'newest', cursor: 'abc' })).toBe('/api/marketplace-get-items?cursor=abc');
  });

  it('asks for one item by its id, escaped', () => {
    expect(itemPath('a1-b2')).toBe('/api/marketplace-get-item?id=a1-b2');
    expect(itemPath('a&b=c')).toBe('/api/marketplace-get-item?id=a%26b%3Dc');
  });

  it('sends the item as multipart with comma-separated tags and repeated images', () => {
    const form = itemFormData({
      title: 'Oak table',
      description: 'Seats six.',
      price: 120.5,
      tags: ['oak', 'table'],
      state: 'sold',
      images: [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })],
      stagedFrom: ['http://127.0.0.1:5050/blobs/image_edits/out.jpg'],
    });
    expect(form.get('title')).toBe('Oak table');
    expect(form.get('description')).toBe('Seats six.');
    expect(form.get('price')).toBe('120.5');
    expect(form.get('tags')).toBe('oak,table');
    expect(form.get('state')).toBe('sold');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.png']);
    expect(form.get('stagedFrom')).toBe('http://127.0.0.1:5050/blobs/image_edits/out.jpg');
  });

  it('names a fetched image after the last segment of its URL', () => {
    expect(fileNameFromUrl('http://127.0.0.1:5050/blobs/image_edits/u1/out%201.jpg?x=1')).toBe('out 1.jpg');
    expect(fileNameFromUrl('http://127.0.0.1:5050/')).toBe('image.jpg');
  });
});
