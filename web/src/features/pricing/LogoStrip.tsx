import { Group, Stack, Text } from '@mantine/core';

/** Where our sellers list their staged photos; text marks, bundled with the app. */
const MARKETPLACES = ['Facebook Marketplace', 'Craigslist', 'OfferUp', 'Etsy', 'eBay', 'Chairish', 'Kaiyo'];

export function LogoStrip() {
  return (
    <Stack gap="sm" align="center" component="section" aria-label="Marketplaces our sellers use">
      <Text c="dimmed" fz="sm" tt="uppercase" fw={600}>
        Staged photos that sell on
      </Text>
      <Group justify="center" gap="xl">
        {MARKETPLACES.map((name) => (
          <Text key={name} fw={700} fz="lg" c="gray.7" style={{ letterSpacing: '0.02em' }}>
            {name}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
