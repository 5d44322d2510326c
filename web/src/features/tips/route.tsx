import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';

export const tipsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/tips' }).lazy(() =>
  import('./route.lazy').then((m) => m.Route),
);
