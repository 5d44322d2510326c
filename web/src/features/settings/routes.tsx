import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';

export const settingsIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: () => {
    throw redirect({ to: '/settings/$section', params: { section: 'general' } });
  },
});

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/$section',
  beforeLoad: requireSignedIn,
}).lazy(() => import('./route.lazy').then((m) => m.Route));
