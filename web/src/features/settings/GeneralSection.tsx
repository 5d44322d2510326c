import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, profileFormSchema, type MergedUser, type ProfileFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useAuthUser, useRefreshMergedUser } from '../../backend/session';
import { notifyError } from '../../app/notify';
import { authErrorMessage } from '../auth/authErrors';
import { track } from '../../analytics/track';
import { openBillingPortal } from '../billing/checkout';
import { useReauthGuard } from './useReauthGuard';
import { FormMessages } from '../../app/FormMessages';

/** General (My Account): the profile form and, for customers, the billing portal (spec §2, §6). */
export function GeneralSection({ user }: { user: MergedUser }) {
  const backend = useBackend();
  const authUser = useAuthUser();
  const refresh = useRefreshMergedUser();
  const { guard, dialog } = useReauthGuard(user.providers);
  const [status, setStatus] = useState<string | null>(null);
  const [portalError, setPortalError] = useState<string | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, email: user.email },
  });
  const { errors, isSubmitting } = form.formState;

  function fail(error: unknown) {
    const message = authErrorMessage(error);
    form.setError('root', { message });
    notifyError(message);
  }

  async function save(values: ProfileFormValues) {
    setStatus(null);
    if (!authUser) return;
    const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
    await guard(async () => {
      if (values.name !== user.name) {
        await backend.account.updateProfile(authUser, { name: values.name });
        await refresh();
      }
      if (emailChanged) {
        await backend.auth.changeEmail(values.email.trim(), `${window.location.origin}/settings/general`);
        setStatus(MESSAGES.emailChangeConfirm);
      } else {
        setStatus(MESSAGES.profileUpdated);
      }
    }, fail);
  }

  async function manageBilling() {
    setPortalError(null);
    setPortalBusy(true);
    try {
      await openBillingPortal(backend.billing);
    } catch {
      setPortalError(MESSAGES.billingPortalFailed);
    } finally {
      setPortalBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        My Account
      </Title>
      <Group gap="md">
        <Avatar src={user.avatar} alt={user.name} size="lg" radius="xl" />
        <Text c="dimmed">Signed in as {user.email}</Text>
      </Group>
      <form
        onSubmit={form.handleSubmit(save, () =>
          track('form_validation_error', { category: 'settings', form: 'profile' }),
        )}
        noValidate
      >
        <Stack gap="sm" maw={480}>
          <FormMessages error={errors.root?.message} success={status} />
          <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {user.stripeCustomerId && (
        <>
          <Divider />
          <Stack gap="xs" maw={480}>
            <Title order={3} fz="h4">
              Billing
            </Title>
            <Text c="dimmed" fz="sm">
              Change your plan, update your card, download invoices or cancel in the billing portal.
            </Text>
            {portalError && (
              <Alert color="red" role="alert">
                {portalError}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={() => void manageBilling()} loading={portalBusy}>
                Manage billing
              </Button>
            </Group>
          </Stack>
        </>
      )}
      {dialog}
    </Stack>
  );
}
