import { describe, expect, it } from 'vitest';
import { actionSearch, dashboardSearch, marketplaceSearch, nextSearch } from './searchParams';

describe('search params', () => {
  it('reads a non-empty string', () => {
    expect(nextSearch.parse({ next: '/pricing' })).toEqual({ next: '/pricing' });
  });

  it('drops empty, missing and non-string values', () => {
    expect(nextSearch.parse({ next: '' }).next).toBeUndefined();
    expect(nextSearch.parse({}).next).toBeUndefined();
    expect(nextSearch.parse({ next: 42 }).next).toBeUndefined();
    expect(marketplaceSearch.parse({ image: ['a', 'b'] }).image).toBeUndefined();
  });

  it("keeps the listing's image edit and piece beside its image, dropping empty ones", () => {
    expect(marketplaceSearch.parse({ image: '/out.jpg', edit: 'edit-1', piece: 'piece-1' })).toEqual({
      image: '/out.jpg',
      edit: 'edit-1',
      piece: 'piece-1',
    });
    expect(marketplaceSearch.parse({ edit: '', piece: 3 })).toEqual({});
  });

  it('keeps only the named string params', () => {
    expect(actionSearch.parse({ next: '/x', oobCode: 'abc', mode: 7, other: 'y' })).toEqual({
      next: '/x',
      oobCode: 'abc',
    });
  });

  it("takes the dashboard's paid flag as the router's boolean or a typed string", () => {
    expect(dashboardSearch.parse({ paid: true })).toEqual({ paid: true });
    expect(dashboardSearch.parse({ paid: 'true' })).toEqual({ paid: 'true' });
    expect(dashboardSearch.parse({ paid: '' }).paid).toBeUndefined();
    expect(dashboardSearch.parse({ paid: 1 }).paid).toBeUndefined();
  });

  it('reads the listing search, taking back text the router parsed as a number', () => {
    expect(
      marketplaceSearch.parse({ search: 1960, tag: 'oak', style: 'modern', condition: 'like-new', min: 10, max: '250.5', sort: 'price-desc', pages: 3 }),
    ).toEqual({ search: '1960', tag: 'oak', style: 'modern', condition: 'like-new', min: 10, max: 250.5, sort: 'price-desc', pages: 3 });
  });

  it('drops a malformed listing filter, the default sort and a first page', () => {
    expect(marketplaceSearch.parse({ style: 'Modern!', min: -5, max: 'ten', sort: 'newest', pages: 1 })).toEqual({});
    expect(marketplaceSearch.parse({ sort: 'cheapest', pages: 500 })).toEqual({});
  });
});
