/**
 * The Store port: accounts, the credit ledger, stage bookkeeping, image edits, listings and
 * webhook events, one part per file. Every method that changes data is one whole operation in ONE
 * transaction, so Firestore and PGlite give the same guarantees: a balance never goes below 0, a
 * ledger entry never exists without its effect, a webhook event never applies twice. Methods that
 * change credits take the CreditRules (services/creditRules.ts) that decide what they write.
 */
import type { AccountStore } from './accounts.js';
import type { ConversationStore } from './conversations.js';
import type { ImageEditStore, ItemStore } from './items.js';
import type { LedgerStore } from './ledger.js';
import type { MarketplacePostStore } from './marketplacePosts.js';
import type { ModerationStore } from './moderation.js';
import type { StageStore } from './stages.js';
import type { TrialStore } from './trials.js';
import type { WebhookEventStore } from './webhookEvents.js';

export * from './accounts.js';
export * from './conversations.js';
export * from './creditRules.js';
export * from './items.js';
export * from './ledger.js';
export * from './marketplacePosts.js';
export * from './moderation.js';
export * from './stages.js';
export * from './trials.js';
export * from './webhookEvents.js';

export interface Store
  extends AccountStore,
    LedgerStore,
    StageStore,
    TrialStore,
    ImageEditStore,
    ItemStore,
    WebhookEventStore,
    ConversationStore,
    ModerationStore,
    MarketplacePostStore {
  close(): Promise<void>;
}
