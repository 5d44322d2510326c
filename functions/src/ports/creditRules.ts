/**
 * The credit rules as a store applies them: pure decisions from what the store read inside its
 * transaction to what it writes. They are written once (services/credits.ts, services/stageLedger.ts)
 * and handed to the store with each call that changes credits (services/creditRules.ts), so every
 * adapter applies the same rules and holds none.
 */
import type { StageRules } from './stages.js';
import type { TrialRules } from './trials.js';
import type { SubscriptionRules } from './webhookEvents.js';

/** Every credit rule; each store part takes only its own (LedgerRules, StageRules, SubscriptionRules). */
export interface CreditRules extends StageRules, SubscriptionRules, TrialRules {}
