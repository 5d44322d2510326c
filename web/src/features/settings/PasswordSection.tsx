import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { MESSAGES, passwordChangeSchema, type MergedUser } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { notifyError } from '../../app/notify';
import { authErrorMessage } from '../auth/authErrors';
import { track } from '../../analytics/track';
import { useReauthGuard } from './useReauthGuard';
import { FormMessages } from '../../app/FormMessages';

type PasswordValues = { pass: string; confirmPass: string };

export function PasswordSection({ user }: { user: MergedUser }) {
  const backend = useBackend();
  const { guard, dialog } = useReauthGuard(user.providers);
  const [updated, setUpdated] = useState(false);
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { pass: '', confirmPass: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function save(values: PasswordValues) {
    setUpdated(false);
    await guard(
      async () => {
        await backend.auth.updatePassword(values.pass);
        form.reset();
        setUpdated(true);
      },
      (error) => {
        const message = authErrorMessage(error);
        form.setError('root', { message });
        notifyError(message);
      },
    );
  }

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        Password
      </Title>
      <form
        onSubmit={form.handleSubmit(save, () =>
          track('form_validation_error', { category: 'settings', form: 'password' }),
        )}
        noValidate
      >
        <Stack gap="sm" maw={480}>
          <FormMessages error={errors.root?.message} success={updated ? MESSAGES.passwordUpdated : null} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.pass?.message}
            {...form.register('pass')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPass?.message}
            {...form.register('confirmPass')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
      {dialog}
    </Stack>
  );
}
