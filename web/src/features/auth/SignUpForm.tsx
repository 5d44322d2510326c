import { Stack, Text } from '@mantine/core';
import { MESSAGES, type AuthFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import { AnchorLink } from '../../app/links';
import { notifySuccess } from '../../app/notify';
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

/**
 * Sign up with a provider or email and password (spec §2, §5). A visitor who tried the studio
 * signs up on their anonymous session (the driver links it), so their results stay theirs.
 */
export function SignUpForm({ next }: AuthFormProps) {
  const backend = useBackend();
  // In Firebase mode the sign-up credits wait for the confirmed email, which /auth/verify explains.
  const afterSignUp =
    backend.mode === 'firebase' ? `/auth/verify${next ? `?next=${encodeURIComponent(next)}` : ''}` : next;
  const finishSignIn = useFinishSignIn(afterSignUp);
  const finishExistingSignIn = useFinishSignIn(next);
  const state = useAuthFormState('signup');

  async function submit(values: AuthFormValues) {
    state.showSuccess(null);
    track('auth_attempt', { category: 'auth', auth_type: 'signup', method: 'password' });
    try {
      const outcome = await backend.auth.signUp(
        values.email ?? '',
        values.pass ?? '',
        `${window.location.origin}/auth/verify`,
      );
      rememberProvider('password');
      track('auth_success', { category: 'auth', auth_type: 'signup', method: 'password' });
      if (outcome !== 'signed-in-existing') return await finishSignIn();
      // The email was taken and the password opened that account: signed in, not signed up.
      await finishExistingSignIn();
      notifySuccess(MESSAGES.emailTakenSignedIn);
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
