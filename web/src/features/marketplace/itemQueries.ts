import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@flipstage/core';
import type { ItemDraft } from '../../backend/marketplace';
import { useMarketplaceBackend } from './marketplaceBackendContext';

export const ITEMS_QUERY_KEY = ['marketplaceItems'] as const;

/** Spec §7: called on load and whenever search or tag changes; pages follow nextCursor. */
export function useItems(search: string, tag: string) {
  const backend = useMarketplaceBackend();
  return useInfiniteQuery({
    queryKey: [...ITEMS_QUERY_KEY, search.trim(), tag.trim()],
    queryFn: ({ pageParam, signal }) => backend.listItems({ search, tag, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Creates the item, or updates it when an id is given; the list is reloaded afterwards. */
export function useSaveItem() {
  const backend = useMarketplaceBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: ItemDraft }): Promise<Item> =>
      id ? backend.updateItem(id, draft) : backend.createItem(draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS_QUERY_KEY }),
  });
}
