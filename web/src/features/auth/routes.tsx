import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { actionSearch, nextSearch } from '../../app/searchParams';

/** Search rules stay here so links are typed; the screens load as a separate chunk. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$type',
  validateSearch: nextSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.AuthRoute));

export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify',
  validateSearch: actionSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.VerifyRoute));

/** The password reset landing: a path containing reset-password is the changepass form (spec §2). */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  validateSearch: actionSearch,
}).lazy(() => import('./routes.lazy').then((m) => m.ResetPasswordRoute));

export const authRoutes = [authRoute, authVerifyRoute, authResetPasswordRoute];
