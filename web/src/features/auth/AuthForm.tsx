import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { authFormFields, authFormSchema, MESSAGES, type AuthFormValues, type AuthType } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import type { SocialProvider } from '../../backend/types';
import { track } from '../../analytics/track';
import { notifyError } from '../../app/notify';
import { authErrorCode, authErrorMessage } from './authErrors';
import { rememberEmailForSignIn, rememberProvider } from './authStorage';
import { SocialButtons } from './SocialButtons';
import { useFinishSignIn } from './useFinishSignIn';
import { AnchorLink } from '../../app/links';
import { FormMessages } from '../../app/FormMessages';

export const SUBMIT_LABELS: Record<AuthType, string> = {
  signup: 'Sign up',
  signin: 'Log in',
  forgotpass: 'Send reset link',
  changepass: 'Change password',
};

/** Words that hold whether or not the address has an account. */
export function resetSentDetail(email: string): string {
  return `If ${email} has a FlipStage account, the link to choose a new password will arrive within a few minutes. Check your spam folder if it does not.`;
}

interface AuthFormProps {
  type: AuthType;
  next?: string;
  /** The oobCode from a password reset email (changepass on /auth/reset-password). */
  oobCode?: string;
}

/** Sign up, sign in, forgot password and change password (spec §2, §5, §7). */
export function AuthForm({ type, next, oobCode }: AuthFormProps) {
  const backend = useBackend();
  const finishSignIn = useFinishSignIn(next);
  const fields = authFormFields(type);
  const [success, setSuccess] = useState<string | null>(null);
  const [successDetail, setSuccessDetail] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<AuthFormValues>({
    resolver: zodResolver(authFormSchema(type)),
    defaultValues: { email: '', pass: '', confirmPass: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || pending;
  const origin = window.location.origin;

  function fail(error: unknown) {
    const message = authErrorMessage(error);
    form.setError('root', { message });
    notifyError(message);
    track('auth_error', { category: 'auth', auth_type: type, error_message: message });
  }

  async function submit(values: AuthFormValues) {
    setSuccess(null);
    setSuccessDetail(null);
    track('auth_attempt', { category: 'auth', auth_type: type, method: 'password' });
    try {
      switch (type) {
        case 'signup':
          await backend.auth.signUp(values.email ?? '', values.pass ?? '', `${origin}/auth/verify`);
          rememberProvider('password');
          track('auth_success', { category: 'auth', auth_type: type, method: 'password' });
          await finishSignIn();
          return;
        case 'signin':
          await backend.auth.signIn(values.email ?? '', values.pass ?? '');
          rememberProvider('password');
          track('auth_success', { category: 'auth', auth_type: type, method: 'password' });
          await finishSignIn();
          return;
        case 'forgotpass': {
          const email = values.email ?? '';
          try {
            // The timestamp makes every reset link's continue URL unique (spec §7).
            await backend.auth.sendPasswordReset(email, `${origin}/auth/reset-password?ts=${Date.now()}`);
          } catch (error) {
            // An unknown address is answered like a known one, so the form never tells a stranger
            // who has an account (Firebase's email enumeration protection does the same).
            if (authErrorCode(error) !== 'auth/user-not-found') throw error;
          }
          track('password_reset', { category: 'auth', step: 'email_sent' });
          setSuccess(MESSAGES.passwordResetSent);
          setSuccessDetail(resetSentDetail(email));
          return;
        }
        case 'changepass':
          if (oobCode) await backend.auth.confirmPasswordReset(oobCode, values.pass ?? '');
          else await backend.auth.updatePassword(values.pass ?? '');
          track('password_reset', { category: 'auth', step: 'password_changed' });
          form.reset();
          setSuccess(MESSAGES.passwordChanged);
          return;
      }
    } catch (error) {
      fail(error);
    }
  }

  async function signInWithProvider(provider: SocialProvider) {
    setSuccess(null);
    setPending(true);
    track('auth_attempt', { category: 'auth', auth_type: type, method: provider });
    try {
      await backend.auth.signInWithProvider(provider);
      rememberProvider(provider);
      track('auth_success', { category: 'auth', auth_type: type, method: provider });
      await finishSignIn();
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function sendEmailLink() {
    setSuccess(null);
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email') ?? '';
    setPending(true);
    track('auth_attempt', { category: 'auth', auth_type: type, method: 'emailLink' });
    try {
      const continueUrl = `${origin}/auth/verify?next=${encodeURIComponent(next ?? '/dashboard')}`;
      await backend.auth.sendSignInLink(email, continueUrl);
      rememberEmailForSignIn(email);
      rememberProvider('emailLink');
      setSuccess(`We sent a sign-in link to ${email}. Open it on this device to finish signing in.`);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  const onInvalid = () => track('form_validation_error', { category: 'auth', form: type });
  const withNext = next ? { next } : {};

  return (
    <Stack gap="md">
      {(type === 'signup' || type === 'signin') && (
        <>
          <SocialButtons onSelect={(p) => void signInWithProvider(p)} disabled={busy} />
          <Divider label="or use your email" labelPosition="center" />
        </>
      )}
      <form onSubmit={form.handleSubmit(submit, onInvalid)} noValidate>
        <Stack gap="sm">
          <FormMessages error={errors.root?.message} success={success} successDetail={successDetail} />
          {fields.email && (
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
          )}
          {fields.pass && (
            <PasswordInput
              label={type === 'changepass' ? 'New password' : 'Password'}
              autoComplete={type === 'signin' ? 'current-password' : 'new-password'}
              error={errors.pass?.message}
              {...form.register('pass')}
            />
          )}
          {fields.confirmPass && (
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              error={errors.confirmPass?.message}
              {...form.register('confirmPass')}
            />
          )}
          <Button type="submit" loading={busy} disabled={busy} fullWidth>
            {SUBMIT_LABELS[type]}
          </Button>
          {type === 'signin' && (
            <Button variant="subtle" onClick={() => void sendEmailLink()} disabled={busy}>
              Email me a sign-in link
            </Button>
          )}
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        {type === 'signup' && (
          <Text fz="sm">
            Already have an account?{' '}
            <AnchorLink to="/auth/$type" params={{ type: 'signin' }} search={withNext}>
              Log in
            </AnchorLink>
          </Text>
        )}
        {type === 'signin' && (
          <>
            <AnchorLink to="/auth/$type" params={{ type: 'forgotpass' }} search={withNext} fz="sm">
              Forgot password?
            </AnchorLink>
            <Text fz="sm">
              New here?{' '}
              <AnchorLink to="/auth/$type" params={{ type: 'signup' }} search={withNext}>
                Sign up
              </AnchorLink>
            </Text>
          </>
        )}
        {(type === 'forgotpass' || type === 'changepass') && (
          <AnchorLink to="/auth/$type" params={{ type: 'signin' }} search={withNext} fz="sm">
            Back to log in
          </AnchorLink>
        )}
      </Group>
    </Stack>
  );
}
