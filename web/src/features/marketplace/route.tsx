import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../app/rootRoute';

/** Spec §2: `image` holds a processed image address that opens the create-item dialog prefilled. */
const marketplaceSearchSchema = z.object({ image: z.string().optional().catch(undefined) });

/** The page is a separate chunk; the search schema stays here so links to ?image= are typed. */
export const marketplaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/marketplace',
  validateSearch: (search) => marketplaceSearchSchema.parse(search),
}).lazy(() => import('./route.lazy').then((m) => m.Route));
