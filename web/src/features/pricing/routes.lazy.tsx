import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PricingPage } from './PricingPage';
import { PurchasePage } from './PurchasePage';

const purchaseApi = getRouteApi('/purchase/$planId');

function PurchaseScreen() {
  const { planId } = purchaseApi.useParams();
  return <PurchasePage planId={planId} />;
}

export const PricingRoute = createLazyRoute('/pricing')({ component: PricingPage });
export const PurchaseRoute = createLazyRoute('/purchase/$planId')({ component: PurchaseScreen });
