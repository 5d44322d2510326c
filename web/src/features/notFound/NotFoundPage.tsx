import { Container, Stack, Text, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { MESSAGES } from '@flipstage/core';
import { ButtonLink } from '../../app/links';
import { PageMeta } from '../../app/PageMeta';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={96}>
      <PageMeta title="Page not found" description={MESSAGES.pageNotFound(pathname)} path={pathname} noIndex />
      <Stack align="center" gap="md">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center">
          {MESSAGES.pageNotFound(pathname)}
        </Text>
        <ButtonLink to="/">Back to Home</ButtonLink>
      </Stack>
    </Container>
  );
}
