import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { PageMeta } from '../../app/PageMeta';
import { useBackend } from '../../backend/BackendContext';
import { authErrorMessage } from './authErrors';
import { EmailLinkSignIn } from './EmailLinkSignIn';
import { ButtonLink } from '../../app/links';

type VerifyState =
  { kind: 'waiting' } | { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** /auth/verify: lands the email confirmation (applyActionCode) and completes email-link sign-in. */
export function VerifyPage({ oobCode, mode, next }: { oobCode?: string; mode?: string; next?: string }) {
  const backend = useBackend();
  const isEmailLink = backend.auth.isSignInLink(window.location.href);
  const shouldApply = Boolean(oobCode) && !isEmailLink && (mode === undefined || mode === 'verifyEmail');
  const [state, setState] = useState<VerifyState>(shouldApply ? { kind: 'verifying' } : { kind: 'waiting' });
  const applied = useRef(false);

  useEffect(() => {
    if (!shouldApply || !oobCode || applied.current) return;
    applied.current = true;
    backend.auth.applyActionCode(oobCode).then(
      () => setState({ kind: 'verified' }),
      (error: unknown) => setState({ kind: 'failed', message: authErrorMessage(error) }),
    );
  }, [backend, oobCode, shouldApply]);

  return (
    <Container size={460} py={48}>
      <PageMeta title="Confirm your email" description="Confirm your FlipStage email address." path="/auth/verify" />
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} fz={28}>
            {isEmailLink ? 'Signing in' : 'Confirm your email'}
          </Title>
          {isEmailLink && <EmailLinkSignIn next={next} />}
          {!isEmailLink && state.kind === 'waiting' && (
            <Text>
              We sent a confirmation link to your email address. Click it to confirm your account; you can start staging
              right away.
            </Text>
          )}
          {!isEmailLink && state.kind === 'verifying' && <Loader aria-label="Confirming your email" />}
          {!isEmailLink && state.kind === 'verified' && (
            <Alert color="teal" role="status">
              Your email address is confirmed.
            </Alert>
          )}
          {!isEmailLink && state.kind === 'failed' && (
            <Alert color="red" role="alert">
              {state.message}
            </Alert>
          )}
          {!isEmailLink && <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>}
        </Stack>
      </Paper>
    </Container>
  );
}
