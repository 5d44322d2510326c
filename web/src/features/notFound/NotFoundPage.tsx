import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { MESSAGES } from '@flipstage/core';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center">
          {MESSAGES.pageNotFound(pathname)}
        </Text>
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
