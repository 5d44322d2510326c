import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { MESSAGES, reauthPasswordSchema } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../backend/types';
import { authErrorMessage } from '../auth/authErrors';
import { SocialButtons } from '../auth/SocialButtons';

interface ReauthDialogProps {
  opened: boolean;
  /** The user's providers; the first decides how they sign in again (spec §3). */
  providers: readonly string[];
  onClose: () => void;
  onReauthenticated: () => void;
}

function isSocial(provider: string | undefined): provider is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(provider ?? '');
}

/** Spec §2/§4: re-sign-in before a sensitive change; a password form for password users, provider sign-in otherwise. */
export function ReauthDialog({ opened, providers, onClose, onReauthenticated }: ReauthDialogProps) {
  const backend = useBackend();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ pass: string }>({ resolver: zodResolver(reauthPasswordSchema), defaultValues: { pass: '' } });
  const first = providers[0];

  function close() {
    setError(null);
    form.reset();
    onClose();
  }

  async function run(reauthenticate: () => Promise<void>) {
    setError(null);
    try {
      await reauthenticate();
      form.reset();
      onReauthenticated();
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={MESSAGES.reauthTitle} centered>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {isSocial(first) ? (
          <>
            <Text fz="sm">Sign in with the account you used before.</Text>
            <SocialButtons
              only={[first]}
              onSelect={(provider) => void run(() => backend.auth.reauthenticateWithProvider(provider))}
            />
          </>
        ) : (
          <form
            onSubmit={form.handleSubmit((values) => run(() => backend.auth.reauthenticateWithPassword(values.pass)))}
            noValidate
          >
            <Stack gap="sm">
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                error={form.formState.errors.pass?.message}
                data-autofocus
                {...form.register('pass')}
              />
              <Button type="submit" loading={form.formState.isSubmitting}>
                Sign in
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
