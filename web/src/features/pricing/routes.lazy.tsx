import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PricingPage } from './PricingPage';
import { PurchasePage } from './PurchasePage';

const purchaseApi = getRouteApi('/_signedIn/purchase/$planId');

function PurchaseScreen() {
  const { planId } = purchaseApi.useParams();
  return <PurchasePage planId={planId} />;
}

export const PricingRoute = createLazyRoute('/pricing')({ component: PricingPage });
export const PurchaseRoute = createLazyRoute('/_signedIn/purchase/$planId')({ component: PurchaseScreen });
