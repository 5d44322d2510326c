import { Avatar, Box, Card, Group, Rating, SimpleGrid, Text, Title } from '@mantine/core';

const REVIEWS = [
  {
    name: 'Tasha M.',
    role: 'Furniture flipper, Austin',
    quote: 'My refinished dressers used to sit for weeks. With staged photos they sell in days.',
  },
  {
    name: 'Marcus L.',
    role: 'Reseller, Columbus',
    quote: 'Fifteen seconds per image beats dragging a dresser into my living room for a photo shoot.',
  },
  {
    name: 'Priya S.',
    role: 'Vintage shop owner, Portland',
    quote: 'Buyers finally see how a piece fits in a real room. My listings get far more messages.',
  },
];

export function Reviews() {
  return (
    <section aria-labelledby="reviews-title">
      <Title order={2} id="reviews-title" ta="center" mb="lg">
        What flippers say
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {REVIEWS.map((review) => (
          <Card key={review.name} withBorder radius="lg" padding="lg" component="figure" m={0}>
            <Box role="img" aria-label="5 out of 5 stars" w="fit-content" mb="sm">
              <Rating value={5} readOnly aria-hidden />
            </Box>
            <Text component="blockquote" m={0} mb="md">
              “{review.quote}”
            </Text>
            <Group gap="sm" component="figcaption">
              <Avatar radius="xl" color="teal" variant="filled" name={review.name} alt="" />
              <div>
                <Text fw={600}>{review.name}</Text>
                <Text size="sm" c="dimmed">
                  {review.role}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
