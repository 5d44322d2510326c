import { Alert, Container, Stack, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ButtonLink } from './links';

/** A screen that throws while rendering shows this instead of a blank page. */
export function RouteError({ error }: ErrorComponentProps) {
  return (
    <Container size="sm" py={96}>
      <Stack gap="md" align="center">
        <Title order={1}>Something went wrong</Title>
        <Alert color="red" role="alert" w="100%">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
        <ButtonLink to="/">Back to Home</ButtonLink>
      </Stack>
    </Container>
  );
}
