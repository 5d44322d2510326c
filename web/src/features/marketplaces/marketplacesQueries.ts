import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketplacePost, PostStateRequest, RecordPostRequest } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useAuthUser } from '../../backend/session';

const kitKey = (itemId: string, staged: readonly number[] | undefined) =>
  ['listingKit', itemId, staged ?? null] as const;
const postsKey = (itemId: string) => ['listingPosts', itemId] as const;

/** Each kit site's words for the listing; a new choice of staged photos asks again (the descriptions say which are staged). */
export function useListingKit(itemId: string, staged: readonly number[] | undefined) {
  const { marketplacePosts } = useBackend();
  return useQuery({
    queryKey: kitKey(itemId, staged),
    queryFn: () => marketplacePosts.kit(itemId, staged),
    retry: false,
  });
}

/** Where the listing is posted, for its seller. */
export function useListingPosts(itemId: string) {
  const { marketplacePosts } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  return useQuery({
    queryKey: postsKey(itemId),
    queryFn: () => marketplacePosts.posts(uid!, itemId),
    enabled: uid !== null,
    retry: false,
  });
}

/** Puts a post the API returned into the listing's posts, replacing that site's. */
function useStorePost(itemId: string) {
  const queryClient = useQueryClient();
  return (post: MarketplacePost) =>
    queryClient.setQueryData<MarketplacePost[]>(postsKey(itemId), (posts = []) => [
      ...posts.filter((p) => p.site !== post.site),
      post,
    ]);
}

export function useRecordPost(itemId: string) {
  const { marketplacePosts } = useBackend();
  const store = useStorePost(itemId);
  return useMutation({
    mutationFn: (request: RecordPostRequest) => marketplacePosts.recordPost(request),
    onSuccess: store,
  });
}

export function useSetPostState(itemId: string) {
  const { marketplacePosts } = useBackend();
  const store = useStorePost(itemId);
  return useMutation({
    mutationFn: (request: PostStateRequest) => marketplacePosts.setPostState(request),
    onSuccess: store,
  });
}
