import { useEffect, useState } from 'react';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { CHECKOUT_CANCELLED } from '../billing/checkout';
import { PricingPage } from './PricingPage';
import { PurchasePage } from './PurchasePage';

const pricingApi = getRouteApi('/pricing');
const purchaseApi = getRouteApi('/_signedIn/purchase/$planId');

/** Back from a cancelled checkout: said once, then taken off the URL so a reload does not repeat it. */
function PricingScreen() {
  const { checkout } = pricingApi.useSearch();
  const navigate = useNavigate();
  const [checkoutCancelled] = useState(checkout === CHECKOUT_CANCELLED);

  useEffect(() => {
    if (checkout !== undefined) void navigate({ to: '/pricing', search: {}, replace: true });
  }, [checkout, navigate]);

  return <PricingPage checkoutCancelled={checkoutCancelled} />;
}

function PurchaseScreen() {
  const { planId } = purchaseApi.useParams();
  return <PurchasePage planId={planId} />;
}

export const PricingRoute = createLazyRoute('/pricing')({ component: PricingScreen });
export const PurchaseRoute = createLazyRoute('/_signedIn/purchase/$planId')({ component: PurchaseScreen });
