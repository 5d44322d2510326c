import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { ButtonLink } from '../../app/links';
import { HeroCarousel } from './HeroCarousel';
import { scrollToStudio } from './studioAnchor';

export function Hero() {
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing={48}
      component="section"
      aria-labelledby="hero-title"
      style={{ alignItems: 'center' }}
    >
      <Stack gap="lg">
        <Badge size="lg" variant="outline">
          Trusted by 5,000 entrepreneurs
        </Badge>
        <Title order={1} id="hero-title" fz={{ base: 36, md: 48 }}>
          Stage your furniture in seconds. Sell 42% faster.
        </Title>
        <Text size="lg" c="dimmed">
          Upload a photo of a piece, pick a design style, and get it back in a beautifully staged room in about 15
          seconds per image. Staged listings see 2X faster sales.
        </Text>
        <Group>
          <Button size="lg" rightSection={<IconArrowDown size={18} aria-hidden />} onClick={scrollToStudio}>
            Try it now
          </Button>
          <ButtonLink size="lg" variant="default" to="/pricing">
            See pricing
          </ButtonLink>
        </Group>
      </Stack>
      <HeroCarousel />
    </SimpleGrid>
  );
}
