import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/** The marketing claims of spec §1. */
const CLAIMS = [
  { value: '42%', label: 'sell faster with staged photos' },
  { value: '2X', label: 'faster sales for staged listings' },
  { value: '30%', label: 'more buyer interest' },
  { value: '27%', label: 'more profit per piece' },
  { value: '2 minutes', label: 'staging time for a whole listing' },
  { value: '15 seconds', label: 'per image' },
];

export function ClaimsBand() {
  return (
    <Paper component="section" aria-labelledby="claims-title" radius="lg" p="xl" bg="teal.0">
      <Title order={2} id="claims-title" ta="center" mb="lg">
        Trusted by 5,000 entrepreneurs
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
        {CLAIMS.map((claim) => (
          <Stack key={claim.value} gap={0} align="center" ta="center">
            <Text fz={32} fw={800} c="teal.9">
              {claim.value}
            </Text>
            <Text c="gray.8">{claim.label}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
