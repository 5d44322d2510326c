import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { pickStrings } from '../../app/searchParams';

export interface MarketplaceSearch {
  /** Spec §2: a processed image address that opens the create-item dialog prefilled. */
  image?: string;
}

export function parseMarketplaceSearch(search: Record<string, unknown>): MarketplaceSearch {
  return pickStrings(search, ['image']);
}

/** The page is a separate chunk; the search rule stays here so links to ?image= are typed. */
export const marketplaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  validateSearch: parseMarketplaceSearch,
}).lazy(() => import('./route.lazy').then((m) => m.Route));

/** One listing's page (issue 15): its own chunk, so browsing the list does not load it. */
export const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/$id',
}).lazy(() => import('./listing.lazy').then((m) => m.Route));
