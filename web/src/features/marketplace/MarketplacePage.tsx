import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../app/usePageMeta';

export function MarketplacePage() {
  usePageMeta({
    title: 'Marketplace',
    description: 'Browse and list staged furniture from flippers and resellers.',
    path: '/marketplace',
  });
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>Marketplace</Title>
        <Text c="dimmed">Browse furniture listed by flippers and resellers.</Text>
      </Stack>
    </Container>
  );
}
