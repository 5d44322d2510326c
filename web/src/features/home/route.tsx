import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';

/** The page itself is a separate chunk, so other routes never load the studio. */
export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/' }).lazy(() =>
  import('./route.lazy').then((m) => m.Route),
);
