import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { marketplaceSearch, type MarketplaceSearch } from '../../app/searchParams';
import type { ItemFilters } from '../../backend/marketplace';
import { filtersFromSearch, searchFromFilters } from './listingFilters';

/**
 * The listing search kept in the address (issue 25): a new search is a new history entry, so
 * back and forward step through searches, and a shared address restores one. How many pages were
 * loaded is written in place, since scrolling is no step to go back to.
 */
export function useListingSearch(): {
  filters: ItemFilters;
  pages: number;
  setFilters: (filters: ItemFilters) => void;
  setPages: (pages: number) => void;
} {
  const search = marketplaceSearch.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setFilters = useCallback(
    (filters: ItemFilters) =>
      void navigate({
        to: '.',
        // A new search starts at its first page; a pending ?image= (spec §2) stays.
        search: (prev: MarketplaceSearch) => ({ ...(prev.image ? { image: prev.image } : {}), ...searchFromFilters(filters) }),
      } as Parameters<typeof navigate>[0]),
    [navigate],
  );
  const setPages = useCallback(
    (pages: number) =>
      void navigate({
        to: '.',
        search: (prev: MarketplaceSearch) => ({ ...prev, pages: pages > 1 ? pages : undefined }),
        replace: true,
      } as Parameters<typeof navigate>[0]),
    [navigate],
  );
  return { filters: filtersFromSearch(search), pages: search.pages ?? 1, setFilters, setPages };
}

/** Calls `load` when the sentinel scrolls near the viewport; the Load More button stays as the fallback. */
export function useInfiniteScroll(enabled: boolean, load: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '800px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
