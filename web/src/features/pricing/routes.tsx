import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { pricingSearch } from '../../app/searchParams';
import { signedInRoute } from '../../app/signedInRoute';

export const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  validateSearch: pricingSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.PricingRoute));

export const purchaseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/purchase/$planId',
}).lazy(() => import('./routes.lazy').then((m) => m.PurchaseRoute));
