import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';
import { PricingPage } from './PricingPage';
import { PurchasePage } from './PurchasePage';

export const pricingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/pricing', component: PricingPage });

export const purchaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/purchase/$planId',
  beforeLoad: requireSignedIn,
  component: function PurchaseRouteComponent() {
    const { planId } = purchaseRoute.useParams();
    return <PurchasePage planId={planId} />;
  },
});
