import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { resolveNextPath, SIGNUP_CREDITS } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { useBackend } from '../../backend/BackendContext';
import { useAuthStatus } from '../../backend/session';
import { authErrorMessage } from './authErrors';
import { EmailLinkSignIn } from './EmailLinkSignIn';
import { ButtonLink } from '../../app/links';
import { useClaimSignupCredits } from './useClaimSignupCredits';
import { VerifyEmailPrompt } from './VerifyEmailPrompt';

type VerifyState =
  { kind: 'waiting' } | { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/**
 * What confirming the email brought. Firebase mode grants the sign-up credits only now, to a
 * signed-in session; local mode granted them at sign-up, so there is nothing to add.
 */
function VerifiedNote({ creditsClaimed }: { creditsClaimed: boolean }) {
  const backend = useBackend();
  const status = useAuthStatus();
  if (backend.mode !== 'firebase') return <>Your email address is confirmed.</>;
  if (status === 'signedOut')
    return <>Your email address is confirmed. Log in to get your {SIGNUP_CREDITS} free credits.</>;
  return (
    <>
      Your email address is confirmed.
      {creditsClaimed && ` Your ${SIGNUP_CREDITS} free credits are in your account.`}
    </>
  );
}

/** /auth/verify: lands the email confirmation (applyActionCode) and completes email-link sign-in. */
export function VerifyPage({ oobCode, mode, next }: { oobCode?: string; mode?: string; next?: string }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const claimCredits = useClaimSignupCredits();
  const isEmailLink = backend.auth.isSignInLink(window.location.href);
  const shouldApply = Boolean(oobCode) && !isEmailLink && (mode === undefined || mode === 'verifyEmail');
  const [state, setState] = useState<VerifyState>(shouldApply ? { kind: 'verifying' } : { kind: 'waiting' });
  const [creditsClaimed, setCreditsClaimed] = useState(false);
  const applied = useRef(false);

  const verified = useCallback(() => {
    setState({ kind: 'verified' });
    // Should this call fail, the next page load's account call grants the credits instead.
    claimCredits().then(setCreditsClaimed, () => {});
  }, [claimCredits]);

  useEffect(() => {
    if (!shouldApply || !oobCode || applied.current) return;
    applied.current = true;
    backend.auth
      .applyActionCode(oobCode)
      .then(verified, (error: unknown) => setState({ kind: 'failed', message: authErrorMessage(error) }));
  }, [backend, oobCode, shouldApply, verified]);

  return (
    <Container size={460} py={48}>
      <PageMeta title="Confirm your email" description="Confirm your FlipStage email address." path="/auth/verify" />
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} fz={28}>
            {isEmailLink ? 'Signing in' : 'Confirm your email'}
          </Title>
          {isEmailLink && <EmailLinkSignIn next={next} />}
          {!isEmailLink && state.kind === 'waiting' && <VerifyEmailPrompt onVerified={verified} />}
          {!isEmailLink && state.kind === 'verifying' && <Loader aria-label="Confirming your email" />}
          {!isEmailLink && state.kind === 'verified' && (
            <Alert color="teal" role="status">
              <Text inherit>
                <VerifiedNote creditsClaimed={creditsClaimed} />
              </Text>
            </Alert>
          )}
          {!isEmailLink && state.kind === 'failed' && (
            <Alert color="red" role="alert">
              {state.message}
            </Alert>
          )}
          {!isEmailLink &&
            (next ? (
              <Button onClick={() => void navigate({ href: resolveNextPath(next) })}>Continue</Button>
            ) : (
              <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
            ))}
        </Stack>
      </Paper>
    </Container>
  );
}
