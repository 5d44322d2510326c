import {
  API_PATHS,
  type ModerationDecision,
  type ModerationOutcome,
  type ModerationQueue,
  type OwnListingModerations,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import { contract } from './contracts';

/**
 * Reports and their review (issue 40), through the API in both modes: the queue and decisions for
 * moderators (the API refuses anyone else), and a seller's own hidden and removed listings.
 */
export interface ModerationDriver {
  reviewQueue(): Promise<ModerationQueue>;
  decide(decision: ModerationDecision): Promise<ModerationOutcome>;
  ownListings(): Promise<OwnListingModerations>;
}

const queue = contract<ModerationQueue>((m) => m.moderationQueueSchema);
const outcome = contract<ModerationOutcome>((m) => m.moderationOutcomeSchema);
const ownListings = contract<OwnListingModerations>((m) => m.ownListingModerationsSchema);

export function createHttpModerationDriver(apiFetch: ApiFetch): ModerationDriver {
  return {
    reviewQueue: () => apiFetch(API_PATHS.moderationQueue, { schema: queue }),
    decide: (decision) => apiFetch(API_PATHS.moderationDecision, { schema: outcome, method: 'POST', json: decision }),
    ownListings: () => apiFetch(API_PATHS.ownListingModeration, { schema: ownListings }),
  };
}
