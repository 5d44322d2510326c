/**
 * What a buyer asks before messaging (issue 25): condition, size, where to pick it up, delivery,
 * when it was posted, and who sells it since when. Facts the seller left out are not shown.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { formatDimensions, ITEM_CONDITION_LABELS, type ItemDetail } from '@flipstage/core';

/** "26 November 2026": a day, in the reader's own language. */
export function postedDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "November 2026". */
export function memberSince(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
}

export function ListingFacts({ item }: { item: ItemDetail }) {
  const rows: Array<[string, string]> = [];
  if (item.condition) rows.push(['Condition', ITEM_CONDITION_LABELS[item.condition]]);
  if (item.dimensions) rows.push(['Dimensions (W × D × H)', formatDimensions(item.dimensions)]);
  if (item.pickupArea) rows.push(['Pickup area', item.pickupArea]);
  rows.push(['Delivery', item.delivery ? 'Delivery available' : 'Pickup only']);
  if (item.vintage) rows.push(['Vintage', '20 years or older']);
  return (
    <Stack gap="sm">
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="Listing details">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={190}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Posted {postedDate(item.created_at)}
      </Text>
    </Stack>
  );
}

/** The seller by profile name alone (never the email address), and since when they have an account. */
export function ListingSeller({ item }: { item: ItemDetail }) {
  return (
    <Group gap="xs" align="baseline">
      <Text>
        Seller:{' '}
        <Text span fw={600}>
          {item.sellerName ?? 'a FlipStage seller'}
        </Text>
      </Text>
      {item.sellerSince && (
        <Text size="sm" c="dimmed">
          Member since {memberSince(item.sellerSince)}
        </Text>
      )}
    </Group>
  );
}
