import { createRoute } from '@tanstack/react-router';
import { dashboardSearch } from '../../app/searchParams';
import { signedInRoute } from '../../app/signedInRoute';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  validateSearch: dashboardSearch,
}).lazy(() => import('./route.lazy').then((m) => m.Route));
