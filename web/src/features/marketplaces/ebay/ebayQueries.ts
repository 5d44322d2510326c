import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EbayPublishRequest, ItemDetail } from '@flipstage/core';
import { useBackend } from '../../../backend/BackendContext';

const connectionKey = ['ebayConnection'] as const;
const listingKey = (itemId: string) => ['ebayListing', itemId] as const;
/** The listing's eBay post changes with the listing's status here (sold or reserved ends it): asked again then. */
const listingStateKey = (item: Pick<ItemDetail, 'id' | 'state' | 'reserved'>) =>
  [...listingKey(item.id), item.state, item.reserved] as const;
const optionsKey = (itemId: string, categoryId: string | undefined) =>
  ['ebayOptions', itemId, categoryId ?? null] as const;

export function useEbayConnection() {
  const { ebay } = useBackend();
  return useQuery({ queryKey: connectionKey, queryFn: () => ebay.connection(), retry: false });
}

/** The listing's eBay post, if it was published there. */
export function useEbayListing(item: Pick<ItemDetail, 'id' | 'state' | 'reserved'>) {
  const { ebay } = useBackend();
  return useQuery({ queryKey: listingStateKey(item), queryFn: () => ebay.listing(item.id), retry: false });
}

/** The form's choices; another category asks again for its aspects and conditions. */
export function useEbayOptions(itemId: string, categoryId: string | undefined, enabled: boolean) {
  const { ebay } = useBackend();
  return useQuery({
    queryKey: optionsKey(itemId, categoryId),
    queryFn: () => ebay.publishOptions(itemId, categoryId),
    enabled,
    retry: false,
    // Keeps the form on screen while another category's aspects load.
    placeholderData: (previous) => previous,
  });
}

/** Sends the seller to eBay's consent page, which sends them back to this page. */
export function useConnectEbay() {
  const { ebay } = useBackend();
  return useMutation({
    mutationFn: () => ebay.connect(window.location.pathname),
    onSuccess: (url) => window.location.assign(url),
  });
}

/** Finishes a connection with the code eBay sent back; the answer is the new connection. */
export function useFinishEbayConnect() {
  const { ebay } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: { code: string; state: string }) => ebay.finishConnect(consent.code, consent.state),
    onSuccess: (connection) => queryClient.setQueryData(connectionKey, connection),
  });
}

export function useDisconnectEbay() {
  const { ebay } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ebay.disconnect(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKey }),
  });
}

export function usePublishToEbay(itemId: string) {
  const { ebay } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EbayPublishRequest) => ebay.publish(request),
    onSuccess: async () => {
      // The post, the saved choices and the listing's posts (the kits' list) changed with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKey(itemId) }),
        queryClient.invalidateQueries({ queryKey: connectionKey }),
        queryClient.invalidateQueries({ queryKey: ['listingPosts', itemId] }),
      ]);
    },
  });
}
