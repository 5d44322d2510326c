/** A seller's own listings and their deletion: "More from this seller", "My listings", Delete listing. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '../../backend/BackendContext';
import { ITEMS_QUERY_KEY, SELLER_ITEMS_QUERY_KEY } from './queryKeys';


/** The first page of a seller's listings: active ones for others, every one of them for the seller. */
export function useSellerItems(seller: string | null) {
  const { marketplace } = useBackend();
  return useQuery({
    queryKey: [...SELLER_ITEMS_QUERY_KEY, seller],
    queryFn: ({ signal }) => marketplace.listSellerItems(seller!, null, signal),
    enabled: seller !== null,
  });
}

/** Every listing of the signed-in seller, page after page ("My listings"). */
export function useOwnListings(uid: string) {
  const { marketplace } = useBackend();
  return useInfiniteQuery({
    queryKey: [...SELLER_ITEMS_QUERY_KEY, uid, 'all'],
    queryFn: ({ pageParam, signal }) => marketplace.listSellerItems(uid, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Deletes a listing; every list that showed it is read again. */
export function useDeleteItem() {
  const { marketplace } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => marketplace.deleteItem(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ITEMS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SELLER_ITEMS_QUERY_KEY }),
      ]),
  });
}
