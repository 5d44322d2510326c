/**
 * The marketplace search as the address holds it (app/searchParams.ts) and as the list asks for
 * it (backend ItemFilters): one mapping each way, so a shared or restored address and the
 * controls always agree. Unknown catalogue ids from a hand-edited address are dropped here.
 */
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, ITEM_CONDITIONS } from '@flipstage/core';
import type { MarketplaceSearch } from '../../app/searchParams';
import type { ItemFilters } from '../../backend/marketplace';

export const NO_FILTERS: ItemFilters = {
  search: '',
  tag: '',
  style: '',
  type: '',
  condition: '',
  area: '',
  min: '',
  max: '',
  sort: 'newest',
};

const known = (ids: readonly string[], id: string | undefined) => (id && ids.includes(id) ? id : '');

export function filtersFromSearch(search: MarketplaceSearch): ItemFilters {
  return {
    search: search.search ?? '',
    tag: search.tag ?? '',
    style: known(DESIGN_STYLE_IDS, search.style),
    type: known(FURNITURE_TYPE_IDS, search.type),
    condition: known(ITEM_CONDITIONS, search.condition),
    area: search.area ?? '',
    min: search.min === undefined ? '' : String(search.min),
    max: search.max === undefined ? '' : String(search.max),
    sort: search.sort ?? 'newest',
  };
}

const priceOf = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : undefined);

/** The address's part for the filters: only what is set, so the plain marketplace stays /marketplace. */
export function searchFromFilters(filters: ItemFilters): MarketplaceSearch {
  const text = (value: string) => value.trim() || undefined;
  const search: MarketplaceSearch = {
    search: text(filters.search),
    tag: text(filters.tag),
    style: text(filters.style),
    type: text(filters.type),
    condition: text(filters.condition),
    area: text(filters.area),
    min: priceOf(filters.min),
    max: priceOf(filters.max),
    sort: filters.sort === 'newest' ? undefined : filters.sort,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as MarketplaceSearch;
}

/** The same search, told apart from a new one (typing the same words again changes nothing). */
export function sameFilters(a: ItemFilters, b: ItemFilters): boolean {
  return JSON.stringify(searchFromFilters(a)) === JSON.stringify(searchFromFilters(b));
}

/** Trimmed, so "oak " and "oak" share a cached result; the price text as typed, for the server to judge. */
export function queryFilters(filters: ItemFilters): ItemFilters {
  return Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim()])) as unknown as ItemFilters;
}
