import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { resolveAuthType } from '@flipstage/core';
import { AuthPage } from './AuthPage';
import { VerifyPage } from './VerifyPage';

const authApi = getRouteApi('/auth/$type');
const verifyApi = getRouteApi('/auth/verify');
const resetApi = getRouteApi('/auth/reset-password');

function AuthScreen() {
  const { type } = authApi.useParams();
  const { next } = authApi.useSearch();
  const resolved = resolveAuthType(type);
  return <AuthPage type={resolved} next={next} path={`/auth/${resolved}`} />;
}

function VerifyScreen() {
  const { oobCode, mode, next } = verifyApi.useSearch();
  return <VerifyPage oobCode={oobCode} mode={mode} next={next} />;
}

function ResetPasswordScreen() {
  const { oobCode, next } = resetApi.useSearch();
  return (
    <AuthPage type={resolveAuthType('reset-password')} next={next} oobCode={oobCode} path="/auth/reset-password" />
  );
}

export const AuthRoute = createLazyRoute('/auth/$type')({ component: AuthScreen });
export const VerifyRoute = createLazyRoute('/auth/verify')({ component: VerifyScreen });
export const ResetPasswordRoute = createLazyRoute('/auth/reset-password')({ component: ResetPasswordScreen });
