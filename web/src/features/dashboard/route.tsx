import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../app/rootRoute';
import { requireSignedIn } from '../../app/guards';

/** The router parses `?paid=true` as a boolean; a hand-typed string is accepted too. */
const dashboardSearchSchema = z.object({
  paid: z.union([z.boolean(), z.string()]).optional().catch(undefined),
});

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  validateSearch: (search) => dashboardSearchSchema.parse(search),
  beforeLoad: requireSignedIn,
}).lazy(() => import('./route.lazy').then((m) => m.Route));
