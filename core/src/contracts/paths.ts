/** Where each contract is served (DESIGN §4); the web app and the CLI call these, the backend mounts them. */
export const API_PATHS = {
  account: '/api/account',
  imageEdits: '/api/image-edits',
  stage: '/api/stage',
  stagePreview: '/api/stage/preview',
  stageProgress: '/api/stage/progress',
  marketplaceGetItems: '/api/marketplace-get-items',
  marketplaceGetItem: '/api/marketplace-get-item',
  marketplaceCreateItem: '/api/marketplace-create-item',
  marketplaceUpdateItem: '/api/marketplace-update-item',
  marketplaceDeleteItem: '/api/marketplace-delete-item',
  /** One seller's listings: the public sees active ones; the seller themself sees all of theirs. */
  marketplaceSellerItems: '/api/marketplace-seller-items',
  conversations: '/api/conversations',
  conversationUnread: '/api/conversations/unread',
  conversationMessages: '/api/conversations/messages',
  conversationRead: '/api/conversations/read',
  conversationOffer: '/api/conversations/offer',
  conversationOfferDecision: '/api/conversations/offer-decision',
  conversationListingStatus: '/api/conversations/listing-status',
  conversationBlock: '/api/conversations/block',
  /** Server-sent events for the signed-in user's conversations (local mode; Firebase mode reads Firestore live). */
  conversationEvents: '/api/conversations/events',
  reports: '/api/reports',
  /** Moderators only: the listings whose reports wait for a decision, and the decision. */
  moderationQueue: '/api/moderation/reports',
  moderationDecision: '/api/moderation/decision',
  /** The signed-in seller's listings that reports took off the marketplace. */
  ownListingModeration: '/api/moderation/own-listings',
  /** A price range for a new listing from FlipStage's own sales of its type (issue 42). */
  priceSuggestion: '/api/listings/price-suggestion',
  checkoutSession: '/api/stripe-create-checkout-session',
  billingSession: '/api/stripe-create-billing-session',
  billingTerms: '/api/billing-terms',
  stripeWebhook: '/api/stripe-webhook',
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Firebase App Check's token on API calls that cost money or grant credits (staging, checkout, account). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
