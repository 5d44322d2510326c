import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import type { RouterContext } from '../../app/routerContext';
import { actionSearch, nextSearch } from '../../app/searchParams';
import { whenAuthKnown } from '../../backend/authState';

/**
 * The auth pages read the session and ask the Auth SDK whether the address is a sign-in link, so
 * they wait for the SDK, which loads beside the first render (backend/lazyAuth.ts).
 */
const sessionKnown = ({ context }: { context: RouterContext }) => whenAuthKnown(context.store).then(() => undefined);

/** Search rules stay here so links are typed; the screens load as a separate chunk. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$type',
  validateSearch: nextSearch,
  beforeLoad: sessionKnown,
}).lazy(() => import('./routes.lazy').then((m) => m.AuthRoute));

export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify',
  validateSearch: actionSearch,
  beforeLoad: sessionKnown,
}).lazy(() => import('./routes.lazy').then((m) => m.VerifyRoute));

/** The password reset landing: a path containing reset-password is the changepass form (spec §2). */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  validateSearch: actionSearch,
  beforeLoad: sessionKnown,
}).lazy(() => import('./routes.lazy').then((m) => m.ResetPasswordRoute));

export const authRoutes = [authRoute, authVerifyRoute, authResetPasswordRoute];
