import { useEffect } from 'react';
import { Anchor, Card, Group, Image, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Item } from '@flipstage/core';
import { AnchorLink } from '../../app/links';
import { useAuthUser } from '../../backend/session';
import { AiStagedBadge, StateBadge } from '../marketplace/ItemBadges';
import { useOwnListings } from '../marketplace/sellerQueries';

/** Every one of the seller's listings, page after page: a seller links a piece to any of them. */
function useAllOwnListings() {
  const uid = useAuthUser()?.uid ?? '';
  const listings = useOwnListings(uid);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listings;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { ...listings, items: listings.data?.pages.flatMap((page) => page.data) ?? [] };
}

/** "FlipStage listing": one of the seller's own listings (the marketplace's listSellerItems), or none. */
export function ListingSelect({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const listings = useAllOwnListings();
  const options = listings.items.map((item) => ({ value: item.id, label: item.title }));
  // A linked listing the seller has since deleted still shows, so saving does not silently drop it.
  if (value && !listings.isPending && !options.some((o) => o.value === value)) {
    options.push({ value, label: 'A listing no longer on FlipStage' });
  }
  return (
    <Select
      label="FlipStage listing"
      description="Link the piece to its listing to see its photos here."
      placeholder={listings.isPending ? 'Loading your listings…' : 'Not listed on FlipStage'}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage="No listing of yours has that title."
      error={listings.error ? 'Your listings could not be loaded.' : undefined}
      rightSection={listings.isFetching ? <Loader size="xs" /> : undefined}
    />
  );
}

/** The linked listing's photos (staged ones say so) and a link to its page. */
export function LinkedListing({ listingId }: { listingId: string }) {
  const listings = useAllOwnListings();
  const item: Item | undefined = listings.items.find((i) => i.id === listingId);
  if (listings.isPending) return <Loader size="sm" aria-label="Loading the listing" />;
  if (!item) return <Text c="dimmed">The linked listing is no longer on FlipStage.</Text>;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Linked listing">
      <Stack gap="sm">
        <Group justify="space-between">
          <AnchorLink to="/marketplace/$id" params={{ id: item.id }} fw={600}>
            {item.title}
          </AnchorLink>
          <Group gap="xs">
            {item.aiStaged && <AiStagedBadge />}
            <StateBadge state={item.state} reserved={item.reserved} />
          </Group>
        </Group>
        {item.thumbs.length + item.images.length === 0 ? (
          <Text c="dimmed" fz="sm">
            This listing has no photos yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {(item.thumbs.length > 0 ? item.thumbs : item.images).map((src, index) => (
              <Anchor key={src} href={item.images[index] ?? src} target="_blank" rel="noreferrer">
                <Image src={src} alt={`${item.title}, photo ${index + 1}`} radius="sm" h={96} fit="cover" />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
