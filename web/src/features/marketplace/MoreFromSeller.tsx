/** Up to six of the seller's other active listings, as cards, under a listing (issue 25). */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { Item } from '@flipstage/core';
import { ItemCard } from './ItemCard';
import { useSellerItems } from './sellerQueries';

export const MORE_FROM_SELLER_COUNT = 6;

export function MoreFromSeller({ item }: { item: Pick<Item, 'id' | 'owner'> }) {
  const listings = useSellerItems(item.owner);
  // The seller themself is answered with sold listings too; buyers see only what they can buy.
  const others = (listings.data?.data ?? [])
    .filter((other) => other.id !== item.id && other.state === 'active')
    .slice(0, MORE_FROM_SELLER_COUNT);
  if (others.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="more-from-seller">
      <Title order={2} size="h3" id="more-from-seller">
        More from this seller
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {others.map((other) => (
          <ItemCard key={other.id} item={other} canEdit={false} onEdit={() => undefined} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
