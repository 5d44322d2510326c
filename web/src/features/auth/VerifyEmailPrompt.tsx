import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useAuthUser } from '../../backend/session';
import { authErrorMessage } from './authErrors';

/** Long enough that repeated clicks do not trip Firebase's own limit, short enough not to strand anyone. */
export const RESEND_COOLDOWN_MS = 30_000;

type Feedback = { kind: 'sent' | 'failed' | 'notYet'; message: string };

/**
 * /auth/verify before the email is confirmed: where the link went, what confirming it brings (in
 * Firebase mode the sign-up credits wait for it; local mode grants them at sign-up), a Resend
 * button, and in Firebase mode a check for a confirmation made in another tab or on another device.
 */
export function VerifyEmailPrompt({ onVerified }: { onVerified: () => void }) {
  const backend = useBackend();
  const user = useAuthUser();
  const creditsWait = backend.mode === 'firebase';
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [sending, setSending] = useState(false);
  const [coolingDown, setCoolingDown] = useState(false);
  const [checking, setChecking] = useState(false);
  const checkedOnLanding = useRef(false);

  const signedIn = user !== null;
  const unverified = signedIn && !user.emailVerified;

  // Firebase's own action page confirms the email and then continues here: the first look settles
  // it. By then the SDK may already hold the user as verified, while the ID token still says
  // otherwise, so the look refreshes the token whatever the user object says.
  useEffect(() => {
    if (!creditsWait || !signedIn || checkedOnLanding.current) return;
    checkedOnLanding.current = true;
    backend.auth.refreshEmailVerified().then(
      (verified) => verified && onVerified(),
      () => {},
    );
  }, [backend, creditsWait, signedIn, onVerified]);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), RESEND_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  async function resend() {
    setSending(true);
    setFeedback(null);
    try {
      await backend.auth.resendEmailVerification(`${window.location.origin}/auth/verify`);
      setFeedback({
        kind: 'sent',
        message: `We sent a new confirmation link to ${user?.email ?? 'your email address'}.`,
      });
      setCoolingDown(true);
    } catch (error) {
      setFeedback({ kind: 'failed', message: authErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  async function check() {
    setChecking(true);
    setFeedback(null);
    try {
      if (await backend.auth.refreshEmailVerified()) onVerified();
      else
        setFeedback({
          kind: 'notYet',
          message: 'Your email address is not confirmed yet. Click the link in the email first.',
        });
    } catch (error) {
      setFeedback({ kind: 'failed', message: authErrorMessage(error) });
    } finally {
      setChecking(false);
    }
  }

  const where = user?.email ? (
    <>
      to <strong>{user.email}</strong>
    </>
  ) : (
    'to your email address'
  );
  return (
    <Stack gap="md">
      {creditsWait ? (
        <>
          <Text fw={600}>Confirm your email to get your {SIGNUP_CREDITS} free credits.</Text>
          <Text>We sent a confirmation link {where}. Click it, then come back to this page.</Text>
        </>
      ) : (
        <Text>
          We sent a confirmation link {where}. Click it to confirm your account; your {SIGNUP_CREDITS} free credits are
          already in your account, so you can start staging right away.
        </Text>
      )}
      {signedIn && (unverified || creditsWait) && (
        <Group gap="sm">
          {unverified && (
            <Button variant="default" onClick={() => void resend()} loading={sending} disabled={coolingDown}>
              Resend email
            </Button>
          )}
          {creditsWait && (
            <Button variant="light" onClick={() => void check()} loading={checking}>
              I’ve confirmed my email
            </Button>
          )}
        </Group>
      )}
      {feedback && (
        <Alert
          color={feedback.kind === 'failed' ? 'red' : 'blue'}
          role={feedback.kind === 'failed' ? 'alert' : 'status'}
        >
          {feedback.message}
        </Alert>
      )}
    </Stack>
  );
}
