import { useEffect, useState } from 'react';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { DashboardPage } from './DashboardPage';

const routeApi = getRouteApi('/_signedIn/dashboard');

/**
 * `?paid=true` is the checkout's one-time receipt: kept for this visit, then taken off the URL so
 * a reload or a bookmark does not thank the seller again.
 */
function DashboardScreen() {
  const { paid } = routeApi.useSearch();
  const navigate = useNavigate();
  const [returnedFromCheckout] = useState(paid === true || paid === 'true');

  useEffect(() => {
    if (paid !== undefined) void navigate({ to: '/dashboard', search: {}, replace: true });
  }, [paid, navigate]);

  return <DashboardPage paid={returnedFromCheckout} />;
}

export const Route = createLazyRoute('/_signedIn/dashboard')({ component: DashboardScreen });
