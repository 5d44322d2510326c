import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { MarketplacePage } from './MarketplacePage';

export const marketplaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  component: MarketplacePage,
});
