import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import type { ItemDraft, ItemFilters } from '../../backend/marketplace';
import { queryFilters } from './listingFilters';
import { useBackend } from '../../backend/BackendContext';
import { ITEMS_QUERY_KEY, SELLER_ITEMS_QUERY_KEY } from './queryKeys';

const itemQueryKey = (id: string) => ['marketplaceItem', id] as const;

/**
 * Spec §7, issue 25: called on load and whenever the search, a filter or the order changes; pages
 * follow nextCursor. The last results stay on screen while a new search loads, so cards do not
 * flash away under the pointer.
 */
export function useItems(filters: ItemFilters) {
  const { marketplace } = useBackend();
  const query = queryFilters(filters);
  return useInfiniteQuery({
    queryKey: [...ITEMS_QUERY_KEY, query],
    queryFn: ({ pageParam, signal }) => marketplace.listItems({ ...query, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The API refuses an id no listing could have (400) as surely as one that is gone (404). */
export function isMissingItem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** One listing for its page; asking again cannot make a missing listing appear. */
export function useItem(id: string) {
  const { marketplace } = useBackend();
  return useQuery({
    queryKey: itemQueryKey(id),
    queryFn: ({ signal }) => marketplace.getItem(id, signal),
    retry: (failures, error) => !isMissingItem(error) && failures < 1,
  });
}

/**
 * Creates the item (idempotent by the form's key), or updates it when an id is given; the lists
 * and the item's page are reloaded afterwards.
 */
export function useSaveItem() {
  const { marketplace } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft, idempotencyKey }: { id: string | null; draft: ItemDraft; idempotencyKey: string }): Promise<Item> =>
      id ? marketplace.updateItem(id, draft) : marketplace.createItem(draft, idempotencyKey),
    onSuccess: (item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ITEMS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SELLER_ITEMS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: itemQueryKey(item.id) }),
      ]),
  });
}
