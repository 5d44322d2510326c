import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';

export const legalIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/legal',
  beforeLoad: () => {
    throw redirect({ to: '/legal/$section', params: { section: 'terms-of-service' } });
  },
});

export const legalRoute = createRoute({ getParentRoute: () => rootRoute, path: '/legal/$section' }).lazy(() =>
  import('./route.lazy').then((m) => m.Route),
);
