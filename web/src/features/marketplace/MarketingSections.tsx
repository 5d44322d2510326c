import { Blockquote, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { ITEM_LIST_ID } from './ItemList';

export function MarketplaceHero() {
  return (
    <Paper component="section" aria-labelledby="marketplace-title" radius="lg" p={{ base: 'lg', md: 48 }} bg="teal.0">
      <Stack gap="md" maw={640}>
        <Title order={1} id="marketplace-title">
          Marketplace
        </Title>
        <Text size="lg">
          Restored, refinished and ready for a new home: furniture from flippers and resellers, shown in staged rooms.
        </Text>
        <Group>
          <Button
            size="lg"
            onClick={() =>
              document.getElementById(ITEM_LIST_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
            }
          >
            Shop Now
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function QuoteBand() {
  return (
    <Blockquote color="teal" icon={<IconQuote aria-hidden />} cite="— The FlipStage team" component="section">
      Every piece has a second life. A great photo is how a buyer sees it.
    </Blockquote>
  );
}

/** Spec §2: the Featured Listings section is an empty grid. */
export function FeaturedListings() {
  return (
    <section aria-labelledby="featured-title">
      <Title order={2} id="featured-title" mb="md">
        Featured Listings
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" data-testid="featured-grid" />
    </section>
  );
}

export function ForSellers() {
  return (
    <Paper component="section" aria-labelledby="sellers-title" radius="lg" p="xl" withBorder>
      <Title order={2} id="sellers-title">
        For Designers &amp; Sellers
      </Title>
      <Text mt="sm" mb="lg" maw={640}>
        Stage your pieces in seconds, list them here and reach buyers looking for something with character.
      </Text>
      <Button variant="outline">Start Selling</Button>
    </Paper>
  );
}

const TESTIMONIALS = [
  {
    quote: 'I found a mid-century dresser here that looked perfect in its staged room, and even better in mine.',
    name: 'Jordan K., buyer',
  },
  {
    quote: 'Listing takes a minute. The staged photos do the selling for me.',
    name: 'Elena R., reseller',
  },
  {
    quote: 'My clients can picture each piece in a real space before they ever visit the shop.',
    name: 'Sam T., interior designer',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title">
      <Title order={2} id="testimonials-title" mb="md">
        What our community says
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {TESTIMONIALS.map((t) => (
          <Card key={t.name} withBorder radius="md" padding="lg" component="figure" m={0}>
            <Text component="blockquote" m={0} mb="sm">
              “{t.quote}”
            </Text>
            <Text component="figcaption" size="sm" fw={600}>
              {t.name}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
