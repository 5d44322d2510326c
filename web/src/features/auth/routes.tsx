import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '../../app/rootRoute';

const optionalString = z.string().optional().catch(undefined);

const authSearchSchema = z.object({ next: optionalString });
const actionSearchSchema = z.object({ next: optionalString, oobCode: optionalString, mode: optionalString });

/** Search rules stay here so links are typed; the screens load as a separate chunk. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$type',
  validateSearch: (search) => authSearchSchema.parse(search),
}).lazy(() => import('./routes.lazy').then((m) => m.AuthRoute));

export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify',
  validateSearch: (search) => actionSearchSchema.parse(search),
}).lazy(() => import('./routes.lazy').then((m) => m.VerifyRoute));

/** The password reset landing: a path containing reset-password is the changepass form (spec §2). */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  validateSearch: (search) => actionSearchSchema.parse(search),
}).lazy(() => import('./routes.lazy').then((m) => m.ResetPasswordRoute));

export const authRoutes = [authRoute, authVerifyRoute, authResetPasswordRoute];
