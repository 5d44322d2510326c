import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';

/** The router parses `?paid=true` as a boolean; a hand-typed string is accepted too. */
export function parseDashboardSearch(search: Record<string, unknown>): { paid?: boolean | string } {
  const { paid } = search;
  return typeof paid === 'boolean' || (typeof paid === 'string' && paid !== '') ? { paid } : {};
}

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  validateSearch: parseDashboardSearch,
  beforeLoad: requireSignedIn,
}).lazy(() => import('./route.lazy').then((m) => m.Route));
