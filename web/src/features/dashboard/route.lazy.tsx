import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DashboardPage } from './DashboardPage';

const routeApi = getRouteApi('/_signedIn/dashboard');

function DashboardScreen() {
  const { paid } = routeApi.useSearch();
  return <DashboardPage paid={paid === true || paid === 'true'} />;
}

export const Route = createLazyRoute('/_signedIn/dashboard')({ component: DashboardScreen });
