import { Stack } from '@mantine/core';
import { MESSAGES, type AuthFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import { authErrorCode } from './authErrors';
import { AuthFormBody, BackToSignIn, EmailField, useAuthFormState, type AuthFormProps } from './authFormParts';

/** Words that hold whether or not the address has an account. */
export function resetSentDetail(email: string): string {
  return `If ${email} has a FlipStage account, the link to choose a new password will arrive within a few minutes. Check your spam folder if it does not.`;
}

/** Asks for a password reset link (spec §2, §7). */
export function ForgotPasswordForm({ next }: AuthFormProps) {
  const backend = useBackend();
  const state = useAuthFormState('forgotpass');

  async function submit(values: AuthFormValues) {
    state.showSuccess(null);
    track('auth_attempt', { category: 'auth', auth_type: 'forgotpass', method: 'password' });
    const email = values.email ?? '';
    try {
      try {
        // The timestamp makes every reset link's continue URL unique (spec §7).
        await backend.auth.sendPasswordReset(email, `${window.location.origin}/auth/reset-password?ts=${Date.now()}`);
      } catch (error) {
        // An unknown address is answered like a known one, so the form never tells a stranger
        // who has an account (Firebase's email enumeration protection does the same).
        if (authErrorCode(error) !== 'auth/user-not-found') throw error;
      }
      track('password_reset', { category: 'auth', step: 'email_sent' });
      state.showSuccess(MESSAGES.passwordResetSent, resetSentDetail(email));
    } catch (error) {
      state.fail(error);
    }
  }

  return (
    <Stack gap="md">
      <AuthFormBody type="forgotpass" state={state} onSubmit={submit} submitLabel="Send reset link">
        <EmailField form={state.form} />
      </AuthFormBody>
      <BackToSignIn next={next} />
    </Stack>
  );
}
