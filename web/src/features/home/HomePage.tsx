import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../app/usePageMeta';

export function HomePage() {
  usePageMeta({
    title: 'FlipStage',
    description: 'Upload a furniture photo and get it back in a beautifully staged room. Sell faster.',
    path: '/',
  });
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>Stage your furniture in seconds</Title>
        <Text c="dimmed">
          Upload a photo of a piece, pick a design style and a furniture type, and get it back in a staged room.
        </Text>
      </Stack>
    </Container>
  );
}
