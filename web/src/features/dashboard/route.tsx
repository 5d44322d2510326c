import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from '../../app/signedInRoute';

/** The router parses `?paid=true` as a boolean; a hand-typed string is accepted too. */
export function parseDashboardSearch(search: Record<string, unknown>): { paid?: boolean | string } {
  const { paid } = search;
  return typeof paid === 'boolean' || (typeof paid === 'string' && paid !== '') ? { paid } : {};
}

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  validateSearch: parseDashboardSearch,
}).lazy(() => import('./route.lazy').then((m) => m.Route));
