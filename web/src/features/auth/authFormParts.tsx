import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { authFormSchema, type AuthFormValues, type AuthType } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import type { SocialProvider } from '../../backend/types';
import { track } from '../../analytics/track';
import { notifyError } from '../../app/notify';
import { FormMessages } from '../../app/FormMessages';
import { AnchorLink } from '../../app/links';
import { authErrorMessage } from './authErrors';
import { rememberProvider } from './authStorage';
import { SocialButtons } from './SocialButtons';
import { useFinishSignIn } from './useFinishSignIn';

/** What every mode's form takes from the auth page. */
export interface AuthFormProps {
  next?: string;
  /** The oobCode from a password reset email (changepass on /auth/reset-password). */
  oobCode?: string;
}

export interface AuthFormState {
  form: UseFormReturn<AuthFormValues>;
  /** The form's outcome, shown above its fields. */
  success: string | null;
  successDetail: string | null;
  showSuccess: (message: string | null, detail?: string | null) => void;
  /** A submission or a provider sign-in is under way. */
  busy: boolean;
  setPending: (pending: boolean) => void;
  /** Shows a failure at the top of the form and as a toast, and reports it. */
  fail: (error: unknown) => void;
}

/** The form, its outcome and its failure handling, validated with core's schema for the mode (spec §5). */
export function useAuthFormState(type: AuthType): AuthFormState {
  const [success, setSuccess] = useState<string | null>(null);
  const [successDetail, setSuccessDetail] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<AuthFormValues>({
    resolver: zodResolver(authFormSchema(type)),
    defaultValues: { email: '', pass: '', confirmPass: '' },
  });
  return {
    form,
    success,
    successDetail,
    showSuccess: (message, detail = null) => {
      setSuccess(message);
      setSuccessDetail(detail);
    },
    busy: form.formState.isSubmitting || pending,
    setPending,
    fail: (error) => {
      const message = authErrorMessage(error);
      form.setError('root', { message });
      notifyError(message);
      track('auth_error', { category: 'auth', auth_type: type, error_message: message });
    },
  };
}

/** The fields and submit button of one mode, with the form's outcome above them. */
export function AuthFormBody({
  type,
  state,
  onSubmit,
  submitLabel,
  children,
  afterSubmit,
}: {
  type: AuthType;
  state: AuthFormState;
  onSubmit: (values: AuthFormValues) => Promise<void>;
  submitLabel: string;
  /** Fields between the messages and the submit button. */
  children: ReactNode;
  /** Another way to go on, under the submit button. */
  afterSubmit?: ReactNode;
}) {
  const { form, busy } = state;
  const onInvalid = () => track('form_validation_error', { category: 'auth', form: type });
  return (
    <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate>
      <Stack gap="sm">
        <FormMessages
          error={form.formState.errors.root?.message}
          success={state.success}
          successDetail={state.successDetail}
        />
        {children}
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          {submitLabel}
        </Button>
        {afterSubmit}
      </Stack>
    </form>
  );
}

/** Any form with an `email` field: the auth forms, and the email-link sign-in's confirmation. */
interface EmailForm {
  register(name: 'email'): UseFormRegisterReturn<'email'>;
  formState: { errors: { email?: { message?: string } } };
}

export function EmailField({ form }: { form: EmailForm }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      error={form.formState.errors.email?.message}
      {...form.register('email')}
    />
  );
}

export function PasswordField({
  form,
  label = 'Password',
  autoComplete,
}: {
  form: UseFormReturn<AuthFormValues>;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      error={form.formState.errors.pass?.message}
      {...form.register('pass')}
    />
  );
}

export function ConfirmPasswordField({ form }: { form: UseFormReturn<AuthFormValues> }) {
  return (
    <PasswordInput
      label="Confirm password"
      autoComplete="new-password"
      error={form.formState.errors.confirmPass?.message}
      {...form.register('confirmPass')}
    />
  );
}

/** Sign-up and sign-in open with the providers (spec §2), then the email form. */
export function SocialSignIn({
  type,
  next,
  state,
}: {
  type: 'signup' | 'signin';
  next?: string;
  state: AuthFormState;
}) {
  const backend = useBackend();
  const finishSignIn = useFinishSignIn(next);
  async function signInWithProvider(provider: SocialProvider) {
    state.showSuccess(null);
    state.setPending(true);
    track('auth_attempt', { category: 'auth', auth_type: type, method: provider });
    try {
      await backend.auth.signInWithProvider(provider);
      rememberProvider(provider);
      track('auth_success', { category: 'auth', auth_type: type, method: provider });
      await finishSignIn();
    } catch (error) {
      state.fail(error);
    } finally {
      state.setPending(false);
    }
  }
  return (
    <>
      <SocialButtons onSelect={(p) => void signInWithProvider(p)} disabled={state.busy} />
      <Divider label="or use your email" labelPosition="center" />
    </>
  );
}

/** The links under a form to the other modes. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs">
      {children}
    </Group>
  );
}

/** Links between the modes keep where the visitor was going. */
export function withNext(next: string | undefined): { next?: string } {
  return next ? { next } : {};
}

/** The way back from resetting or changing a password, keeping where the visitor was going. */
export function BackToSignIn({ next }: { next: string | undefined }) {
  return (
    <AuthLinks>
      <AnchorLink to="/auth/$type" params={{ type: 'signin' }} search={withNext(next)} fz="sm">
        Back to log in
      </AnchorLink>
    </AuthLinks>
  );
}
