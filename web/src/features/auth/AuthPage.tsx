import type { ReactElement } from 'react';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { SIGNUP_CREDITS, type AuthType } from '@flipstage/core';
import { PageMeta } from '../../app/PageMeta';
import { useBackend } from '../../backend/BackendContext';
import { useAuthStatus } from '../../backend/session';
import { ButtonLink } from '../../app/links';
import type { AuthFormProps } from './authFormParts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { EmailLinkSignIn } from './EmailLinkSignIn';

const HEADINGS: Record<AuthType, { title: string; intro: string; meta: string }> = {
  signup: {
    title: 'Create your account',
    intro: `Sign up and get ${SIGNUP_CREDITS} free credits to stage your first pieces.`,
    meta: 'Sign up',
  },
  signin: { title: 'Welcome back', intro: 'Log in to stage furniture and see your credits.', meta: 'Log in' },
  forgotpass: {
    title: 'Reset your password',
    intro: 'Enter your email address and we will send you a link to choose a new password.',
    meta: 'Reset password',
  },
  changepass: { title: 'Choose a new password', intro: 'Enter your new password twice.', meta: 'Change password' },
};

/** One form per mode (spec §2). */
const FORMS: Record<AuthType, (props: AuthFormProps) => ReactElement> = {
  signup: SignUpForm,
  signin: SignInForm,
  forgotpass: ForgotPasswordForm,
  changepass: ChangePasswordForm,
};

interface AuthPageProps {
  type: AuthType;
  next?: string;
  oobCode?: string;
  path: string;
}

export function AuthPage({ type, next, oobCode, path }: AuthPageProps) {
  const backend = useBackend();
  const heading = HEADINGS[type];
  const AuthForm = FORMS[type];
  const status = useAuthStatus();
  const completingEmailLink = type === 'signin' && backend.auth.isSignInLink(window.location.href);
  // Firebase's hosted action page may already have reset the password and sent the user back here without a code.
  const resetWithoutCode = type === 'changepass' && !oobCode && status === 'signedOut';

  return (
    <Container size={460} py={48}>
      <PageMeta title={heading.meta} description={heading.intro} path={path} />
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={28}>
              {heading.title}
            </Title>
            <Text c="dimmed">{heading.intro}</Text>
          </Stack>
          {completingEmailLink ? (
            <EmailLinkSignIn next={next} />
          ) : resetWithoutCode ? (
            <Stack gap="md">
              <Alert color="blue" role="status">
                If you have just chosen a new password, log in with it. Otherwise open the link in your password reset
                email again, or ask for a new one.
              </Alert>
              <ButtonLink to="/auth/$type" params={{ type: 'signin' }}>
                Log in
              </ButtonLink>
              <ButtonLink to="/auth/$type" params={{ type: 'forgotpass' }} variant="default">
                Send a new reset link
              </ButtonLink>
            </Stack>
          ) : (
            <AuthForm key={type} next={next} oobCode={oobCode} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
