import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from '../../app/signedInRoute';

/** Moderators review reported listings (issue 40); the API refuses the queue to anyone else. */
export const reportsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin/reports',
}).lazy(() => import('./reports.lazy').then((m) => m.Route));
