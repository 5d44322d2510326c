import { useEffect, useState } from 'react';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useAuthStatus, useAuthUser } from '../../backend/session';
import type { ItemFilters } from '../../backend/marketplace';
import { ItemCard } from './ItemCard';
import { useItems } from './itemQueries';
import type { ItemDialogTarget } from './ItemFormDialog';
import { sameFilters } from './listingFilters';
import { SearchFilters } from './SearchFilters';
import { useInfiniteScroll, useListingSearch } from './useListingSearch';

export const SEARCH_DEBOUNCE_MS = 300;
export const ITEM_LIST_ID = 'listings';

const TYPED: readonly (keyof ItemFilters)[] = ['search', 'tag', 'area', 'min', 'max'];

/**
 * The controls show the address's search, and follow it when back, forward or a link changes it.
 * Choices apply at once; typing goes to the address after a pause. Only a settled draft is sent,
 * since one still lagging behind a back/forward would undo it.
 */
function useSearchDraft(filters: ItemFilters, setFilters: (filters: ItemFilters) => void) {
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (!sameFilters(shown, filters)) {
    setShown(filters);
    setDraft(filters);
  }
  const [debounced] = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (sameFilters(debounced, draft) && !sameFilters(debounced, filters)) setFilters(debounced);
  }, [debounced, draft, filters, setFilters]);
  const change = (change: Partial<ItemFilters>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (!TYPED.some((name) => name in change)) setFilters(next);
  };
  return { draft, change };
}

/** The item list with search, filters, sort and infinite scroll, all kept in the address (spec §2, §7, §8; issue 25). */
export function ItemList({ onOpenDialog }: { onOpenDialog: (target: ItemDialogTarget) => void }) {
  const signedIn = useAuthStatus() === 'signedIn';
  const uid = useAuthUser()?.uid ?? null;
  const { filters, pages, setFilters, setPages } = useListingSearch();
  const { draft, change } = useSearchDraft(filters, setFilters);
  const items = useItems(filters);
  const list = items.data?.pages.flatMap((page) => page.data) ?? [];
  // Until the typed words have been searched, the cards shown are the previous search's.
  const stale = !sameFilters(draft, filters) || items.isPlaceholderData;
  const canLoadMore = items.hasNextPage && !items.isFetchingNextPage && !items.isPlaceholderData;
  const sentinel = useInfiniteScroll(canLoadMore, () => void items.fetchNextPage());

  // A restored address loads as many pages as it names; loading more records the count in it.
  const loaded = items.isPlaceholderData ? 0 : (items.data?.pages.length ?? 0);
  useEffect(() => {
    if (loaded === 0) return;
    if (loaded < pages && canLoadMore) void items.fetchNextPage();
    else if (loaded > pages) setPages(loaded);
  }, [loaded, pages, canLoadMore, items, setPages]);

  return (
    <Stack
      component="section"
      aria-labelledby="listings-title"
      id={ITEM_LIST_ID}
      aria-busy={stale}
      gap="md"
      // Shop Now scrolls here; keep the heading clear of the 64 px sticky top bar.
      style={{ scrollMarginTop: 80 }}
    >
      <Group justify="space-between">
        <Title order={2} id="listings-title">
          Listings
        </Title>
        {signedIn && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onOpenDialog({ kind: 'create', images: [], stagedFrom: [], editIds: [], pieceId: null })}
          >
            Add Item
          </Button>
        )}
      </Group>
      <SearchFilters value={draft} onChange={change} />
      {items.error && (
        <Text c="red" role="alert">
          {items.error.message}
        </Text>
      )}
      {items.isPending ? (
        <Center py="xl">
          <Loader />
          <VisuallyHidden>Loading listings</VisuallyHidden>
        </Center>
      ) : (
        list.length === 0 &&
        !items.error && (
          <Text c="dimmed" ta="center" py="xl">
            No listings match yet.
          </Text>
        )
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {list.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            canEdit={uid !== null && item.owner === uid}
            onEdit={() => onOpenDialog({ kind: 'edit', item })}
          />
        ))}
      </SimpleGrid>
      <div ref={sentinel} aria-hidden />
      {items.hasNextPage && (
        <Center>
          <Button variant="default" loading={items.isFetchingNextPage} onClick={() => void items.fetchNextPage()}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}
