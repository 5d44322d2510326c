import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { DashboardPage } from './DashboardPage';

const routeApi = getRouteApi('/dashboard');

function DashboardScreen() {
  const { paid } = routeApi.useSearch();
  return <DashboardPage paid={paid === true || paid === 'true'} />;
}

export const Route = createLazyRoute('/dashboard')({ component: DashboardScreen });
