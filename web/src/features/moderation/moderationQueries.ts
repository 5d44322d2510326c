/** The review queue, decisions and a seller's own moderated listings, through react-query (issue 40). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationDecision, OwnListingModeration } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useAuthUser } from '../../backend/session';

const QUEUE_KEY = ['moderation', 'queue'] as const;
const OWN_KEY = ['moderation', 'own'] as const;

/** Whether the signed-in user's ID token says they are a moderator. */
export function useIsModerator(): boolean {
  const { auth } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  const { data } = useQuery({
    queryKey: ['moderation', 'isModerator', uid],
    queryFn: () => auth.isModerator(),
    enabled: uid !== null,
    staleTime: Infinity,
  });
  return data === true;
}

export function useReviewQueue() {
  const { moderation } = useBackend();
  return useQuery({ queryKey: QUEUE_KEY, queryFn: () => moderation.reviewQueue(), retry: false });
}

/** A decision; the queue is read again once it is made, so the listing leaves it. */
export function useDecision() {
  const { moderation } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ModerationDecision) => moderation.decide(decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** The seller's listings that reports took off the marketplace, by listing id. */
export function useOwnListingModeration(uid: string): Map<string, OwnListingModeration> {
  const { moderation } = useBackend();
  const { data } = useQuery({
    queryKey: [...OWN_KEY, uid],
    queryFn: () => moderation.ownListings(),
    select: (page) => new Map(page.data.map((own) => [own.itemId, own])),
  });
  return data ?? new Map();
}
