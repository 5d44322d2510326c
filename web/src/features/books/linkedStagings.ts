/**
 * A piece's stagings (issue 42): the seller's image edits it links, read by id, and the seller's
 * whole studio history to link more from. Both under the image edits' key, so signing out drops them.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Piece } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { IMAGE_EDITS_QUERY_KEY, useAuthUser } from '../../backend/session';

/** The linked stagings still in the seller's history, in the piece's order. */
export function useLinkedStagings(piece: Piece) {
  const { account } = useBackend();
  const user = useAuthUser();
  return useQuery({
    queryKey: [...IMAGE_EDITS_QUERY_KEY, user?.uid ?? null, 'linked', ...piece.stagingIds],
    queryFn: () => (user && piece.stagingIds.length > 0 ? account.getImageEdits(user, piece.stagingIds) : []),
    enabled: user !== null,
  });
}

/** The dashboard's history, page after page: the same key, so either fills the other's cache. */
export function useImageEditPages(enabled: boolean) {
  const { account } = useBackend();
  const user = useAuthUser();
  return useInfiniteQuery({
    queryKey: [...IMAGE_EDITS_QUERY_KEY, user?.uid ?? null],
    queryFn: ({ pageParam }) =>
      user ? account.listImageEdits(user, pageParam) : Promise.resolve({ data: [], nextCursor: null }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && user !== null,
  });
}
