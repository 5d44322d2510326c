import { Stack } from '@mantine/core';
import { MESSAGES, type AuthFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import {
  AuthFormBody,
  BackToSignIn,
  ConfirmPasswordField,
  PasswordField,
  useAuthFormState,
  type AuthFormProps,
} from './authFormParts';

/** Sets a new password: from a reset email's code, or for the signed-in user (spec §2, §7). */
export function ChangePasswordForm({ next, oobCode }: AuthFormProps) {
  const backend = useBackend();
  const state = useAuthFormState('changepass');

  async function submit(values: AuthFormValues) {
    state.showSuccess(null);
    track('auth_attempt', { category: 'auth', auth_type: 'changepass', method: 'password' });
    try {
      if (oobCode) await backend.auth.confirmPasswordReset(oobCode, values.pass ?? '');
      else await backend.auth.updatePassword(values.pass ?? '');
      track('password_reset', { category: 'auth', step: 'password_changed' });
      state.form.reset();
      state.showSuccess(MESSAGES.passwordChanged);
    } catch (error) {
      state.fail(error);
    }
  }

  return (
    <Stack gap="md">
      <AuthFormBody type="changepass" state={state} onSubmit={submit} submitLabel="Change password">
        <PasswordField form={state.form} label="New password" autoComplete="new-password" />
        <ConfirmPasswordField form={state.form} />
      </AuthFormBody>
      <BackToSignIn next={next} />
    </Stack>
  );
}
