import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { useAuthStatus } from '../../backend/session';
import { track } from '../../analytics/track';
import { scrollToStudio } from './studioAnchor';
import { ButtonLink } from '../../app/links';

export function CallToAction() {
  const signedIn = useAuthStatus() === 'signedIn';
  return (
    <Paper component="section" aria-labelledby="cta-title" radius="lg" p="xl" bg="dark.7" c="white" ta="center">
      <Title order={2} id="cta-title">
        Stage your next piece today
      </Title>
      <Text mt="sm" mb="lg">
        Sign up and get {SIGNUP_CREDITS} free credits: that is {SIGNUP_CREDITS} staged photos on us.
      </Text>
      <Group justify="center">
        {signedIn ? (
          <Button size="lg" onClick={scrollToStudio}>
            Start staging
          </Button>
        ) : (
          <ButtonLink
            size="lg"
            to="/auth/$type"
            params={{ type: 'signup' }}
            onClick={() =>
              track('cta_click', {
                category: 'home',
                cta_name: 'Get Free Credits',
                location: 'cta',
                destination: '/auth/signup',
              })
            }
          >
            Get {SIGNUP_CREDITS} Free Credits
          </ButtonLink>
        )}
      </Group>
    </Paper>
  );
}
