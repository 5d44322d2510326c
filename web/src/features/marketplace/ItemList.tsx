import { useState } from 'react';
import {
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTag } from '@tabler/icons-react';
import { useAuthStatus, useAuthUser } from '../../backend/session';
import { ItemCard } from './ItemCard';
import { useItems } from './itemQueries';
import type { ItemDialogTarget } from './ItemFormDialog';

export const SEARCH_DEBOUNCE_MS = 300;
export const ITEM_LIST_ID = 'listings';

/** The item list with search, tag filter and load-more pagination (spec §2, §7, §8). */
export function ItemList({ onOpenDialog }: { onOpenDialog: (target: ItemDialogTarget) => void }) {
  const signedIn = useAuthStatus() === 'signedIn';
  const uid = useAuthUser()?.uid ?? null;
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [debouncedTag] = useDebouncedValue(tag, SEARCH_DEBOUNCE_MS);
  const items = useItems(debouncedSearch, debouncedTag);
  const list = items.data?.pages.flatMap((page) => page.data) ?? [];
  // Until the typed words have been searched, the cards shown are the previous search's.
  const stale = search !== debouncedSearch || tag !== debouncedTag || items.isPlaceholderData;

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
            onClick={() => onOpenDialog({ kind: 'create', images: [], stagedFrom: [] })}
          >
            Add Item
          </Button>
        )}
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Search"
          placeholder="Dresser, walnut, mid-century…"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <TextInput
          label="Tag"
          placeholder="e.g. vintage"
          leftSection={<IconTag size={16} aria-hidden />}
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
      </Group>
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
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {list.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            canEdit={uid !== null && item.owner === uid}
            onEdit={() => onOpenDialog({ kind: 'edit', item })}
          />
        ))}
      </SimpleGrid>
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
