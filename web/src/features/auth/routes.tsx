import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { resolveAuthType } from '@flipstage/core';
import { rootRoute } from '../../app/rootRoute';
import { AuthPage } from './AuthPage';
import { VerifyPage } from './VerifyPage';

const optionalString = z.string().optional().catch(undefined);

const authSearchSchema = z.object({ next: optionalString });
const actionSearchSchema = z.object({ next: optionalString, oobCode: optionalString, mode: optionalString });

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$type',
  validateSearch: (search) => authSearchSchema.parse(search),
  component: function AuthRouteComponent() {
    const { type } = authRoute.useParams();
    const { next } = authRoute.useSearch();
    const resolved = resolveAuthType(type);
    return <AuthPage type={resolved} next={next} path={`/auth/${resolved}`} />;
  },
});

export const authVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify',
  validateSearch: (search) => actionSearchSchema.parse(search),
  component: function VerifyRouteComponent() {
    const { oobCode, mode, next } = authVerifyRoute.useSearch();
    return <VerifyPage oobCode={oobCode} mode={mode} next={next} />;
  },
});

/** The password reset landing: a path containing reset-password is the changepass form (spec §2). */
export const authResetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  validateSearch: (search) => actionSearchSchema.parse(search),
  component: function ResetPasswordRouteComponent() {
    const { oobCode, next } = authResetPasswordRoute.useSearch();
    return (
      <AuthPage type={resolveAuthType('reset-password')} next={next} oobCode={oobCode} path="/auth/reset-password" />
    );
  },
});

export const authRoutes = [authRoute, authVerifyRoute, authResetPasswordRoute];
