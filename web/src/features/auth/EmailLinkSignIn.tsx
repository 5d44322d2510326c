import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { forgotPassSchema } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import { notifyError } from '../../app/notify';
import { authErrorMessage } from './authErrors';
import { EmailField } from './authFormParts';
import { emailForSignIn, rememberEmailForSignIn, rememberProvider } from './authStorage';
import { useFinishSignIn } from './useFinishSignIn';

/**
 * Completes a one-time email-link sign-in. The address saved when the link was sent is used; on another
 * device the user types it again.
 */
export function EmailLinkSignIn({ next }: { next?: string }) {
  const backend = useBackend();
  const finishSignIn = useFinishSignIn(next);
  const [error, setError] = useState<string | null>(null);
  const [needsEmail, setNeedsEmail] = useState(() => !emailForSignIn());
  const started = useRef(false);
  const form = useForm<{ email: string }>({ resolver: zodResolver(forgotPassSchema), defaultValues: { email: '' } });

  async function complete(email: string) {
    setError(null);
    try {
      await backend.auth.completeSignInLink(email, window.location.href);
      rememberEmailForSignIn(null);
      rememberProvider('emailLink');
      track('auth_success', { category: 'auth', auth_type: 'signin', method: 'emailLink' });
      await finishSignIn();
    } catch (caught) {
      const message = authErrorMessage(caught);
      setError(message);
      notifyError(message);
      track('auth_error', { category: 'auth', auth_type: 'signin', error_message: message });
      setNeedsEmail(true);
    }
  }

  useEffect(() => {
    const saved = emailForSignIn();
    if (!saved || started.current) return;
    started.current = true;
    void complete(saved);
    // complete() only depends on values fixed for this page visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {needsEmail ? (
        <form onSubmit={form.handleSubmit((v) => complete(v.email))} noValidate>
          <Stack gap="sm">
            <Text>Confirm the email address the sign-in link was sent to.</Text>
            <EmailField form={form} />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Finish signing in
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack align="center" gap="xs">
          <Loader aria-label="Signing you in" />
          <Text>Signing you in…</Text>
        </Stack>
      )}
    </Stack>
  );
}
