import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { pickStrings } from '../../app/searchParams';

const parseAuthSearch = (search: Record<string, unknown>) => pickStrings(search, ['next']);
const parseActionSearch = (search: Record<string, unknown>) => pickStrings(search, ['next', 'oobCode', 'mode']);

/** Search rules stay here so links are typed; the screens load as a separate chunk. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$type',
  validateSearch: parseAuthSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.AuthRoute));

export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify',
  validateSearch: parseActionSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.VerifyRoute));

/** The password reset landing: a path containing reset-password is the changepass form (spec §2). */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  validateSearch: parseActionSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.ResetPasswordRoute));

export const authRoutes = [authRoute, authVerifyRoute, authResetPasswordRoute];
