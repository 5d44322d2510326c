import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { marketplaceSearch } from '../../app/searchParams';

/** The page is a separate chunk; the search rule stays here so links to ?image= are typed. */
export const marketplaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  validateSearch: marketplaceSearch,
}).lazy(() => import('./route.lazy').then((m) => m.Route));

/** One listing's page (issue 15): its own chunk, so browsing the list does not load it. */
export const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace/$id',
}).lazy(() => import('./listing.lazy').then((m) => m.Route));
