import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../app/rootRoute';
import { MarketplacePage } from './MarketplacePage';

/** Spec §2: `image` holds a processed image address that opens the create-item dialog prefilled. */
const marketplaceSearchSchema = z.object({ image: z.string().optional().catch(undefined) });

export const marketplaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  validateSearch: (search) => marketplaceSearchSchema.parse(search),
  component: MarketplacePage,
});
