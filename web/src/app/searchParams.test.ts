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
});
