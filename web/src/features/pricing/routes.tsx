import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';

export const pricingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/pricing' }).lazy(() =>
  import('./routes.lazy').then((m) => m.PricingRoute),
);

export const purchaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/purchase/$planId',
  beforeLoad: requireSignedIn,
}).lazy(() => import('./routes.lazy').then((m) => m.PurchaseRoute));
