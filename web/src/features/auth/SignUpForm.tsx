import { Stack, Text } from '@mantine/core';
import type { AuthFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import { AnchorLink } from '../../app/links';
import { rememberProvider } from './authStorage';
import { useFinishSignIn } from './useFinishSignIn';
import {
  AuthFormBody,
  AuthLinks,
  ConfirmPasswordField,
  EmailField,
  PasswordField,
  SocialSignIn,
  useAuthFormState,
  withNext,
  type AuthFormProps,
} from './authFormParts';

/** Sign up with a provider or email and password (spec §2, §5). */
export function SignUpForm({ next }: AuthFormProps) {
  const backend = useBackend();
  // In Firebase mode the sign-up credits wait for the confirmed email, which /auth/verify explains.
  const afterSignUp =
    backend.mode === 'firebase' ? `/auth/verify${next ? `?next=${encodeURIComponent(next)}` : ''}` : next;
  const finishSignIn = useFinishSignIn(afterSignUp);
  const state = useAuthFormState('signup');

  async function submit(values: AuthFormValues) {
    state.showSuccess(null);
    track('auth_attempt', { category: 'auth', auth_type: 'signup', method: 'password' });
    try {
      await backend.auth.signUp(values.email ?? '', values.pass ?? '', `${window.location.origin}/auth/verify`);
      rememberProvider('password');
      track('auth_success', { category: 'auth', auth_type: 'signup', method: 'password' });
      await finishSignIn();
    } catch (error) {
      state.fail(error);
    }
  }

  return (
    <Stack gap="md">
      <SocialSignIn type="signup" next={next} state={state} />
      <AuthFormBody type="signup" state={state} onSubmit={submit} submitLabel="Sign up">
        <EmailField form={state.form} />
        <PasswordField form={state.form} autoComplete="new-password" />
        <ConfirmPasswordField form={state.form} />
      </AuthFormBody>
      <AuthLinks>
        <Text fz="sm">
          Already have an account?{' '}
          <AnchorLink to="/auth/$type" params={{ type: 'signin' }} search={withNext(next)}>
            Log in
          </AnchorLink>
        </Text>
      </AuthLinks>
    </Stack>
  );
}
