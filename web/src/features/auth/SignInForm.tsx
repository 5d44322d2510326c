import { Button, Stack, Text } from '@mantine/core';
import type { AuthFormValues } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { track } from '../../analytics/track';
import { AnchorLink } from '../../app/links';
import { rememberEmailForSignIn, rememberProvider } from './authStorage';
import { useFinishSignIn } from './useFinishSignIn';
import {
  AuthFormBody,
  AuthLinks,
  EmailField,
  PasswordField,
  SocialSignIn,
  useAuthFormState,
  withNext,
  type AuthFormProps,
} from './authFormParts';

/** Log in with a provider, email and password, or an emailed sign-in link (spec §2, §5). */
export function SignInForm({ next }: AuthFormProps) {
  const backend = useBackend();
  const finishSignIn = useFinishSignIn(next);
  const state = useAuthFormState('signin');
  const { form } = state;

  async function submit(values: AuthFormValues) {
    state.showSuccess(null);
    track('auth_attempt', { category: 'auth', auth_type: 'signin', method: 'password' });
    try {
      await backend.auth.signIn(values.email ?? '', values.pass ?? '');
      rememberProvider('password');
      track('auth_success', { category: 'auth', auth_type: 'signin', method: 'password' });
      await finishSignIn();
    } catch (error) {
      state.fail(error);
    }
  }

  async function sendEmailLink() {
    state.showSuccess(null);
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email') ?? '';
    state.setPending(true);
    track('auth_attempt', { category: 'auth', auth_type: 'signin', method: 'emailLink' });
    try {
      const continueUrl = `${window.location.origin}/auth/verify?next=${encodeURIComponent(next ?? '/dashboard')}`;
      await backend.auth.sendSignInLink(email, continueUrl);
      rememberEmailForSignIn(email);
      rememberProvider('emailLink');
      state.showSuccess(`We sent a sign-in link to ${email}. Open it on this device to finish signing in.`);
    } catch (error) {
      state.fail(error);
    } finally {
      state.setPending(false);
    }
  }

  return (
    <Stack gap="md">
      <SocialSignIn type="signin" next={next} state={state} />
      <AuthFormBody
        type="signin"
        state={state}
        onSubmit={submit}
        submitLabel="Log in"
        afterSubmit={
          <Button variant="subtle" onClick={() => void sendEmailLink()} disabled={state.busy}>
            Email me a sign-in link
          </Button>
        }
      >
        <EmailField form={form} />
        <PasswordField form={form} autoComplete="current-password" />
      </AuthFormBody>
      <AuthLinks>
        <AnchorLink to="/auth/$type" params={{ type: 'forgotpass' }} search={withNext(next)} fz="sm">
          Forgot password?
        </AnchorLink>
        <Text fz="sm">
          New here?{' '}
          <AnchorLink to="/auth/$type" params={{ type: 'signup' }} search={withNext(next)}>
            Sign up
          </AnchorLink>
        </Text>
      </AuthLinks>
    </Stack>
  );
}
