import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { signedInRoute } from '../../app/signedInRoute';

export const settingsIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: () => {
    throw redirect({ to: '/settings/$section', params: { section: 'general' } });
  },
});

export const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings/$section',
}).lazy(() => import('./route.lazy').then((m) => m.Route));
