/**
 * Names the backend, the web app, the CLI and the tests must agree on, written once.
 */

/**
 * The Firebase project of local mode and the emulators. The `demo-` prefix makes the emulators
 * refuse to reach any real Google service, so a local run can never touch production data.
 */
export const LOCAL_PROJECT_ID = 'demo-flipstage';

/** Firestore's collections (DESIGN §3), as firestore.rules names them. */
export const COLLECTIONS = {
  users: 'users',
  customers: 'customers',
  imageEdits: 'image_edits',
  items: 'items',
  stripeEvents: 'stripe_events',
} as const;

/** Collections under customers/{uid}. */
export const CUSTOMER_SUBCOLLECTIONS = {
  ledger: 'ledger',
  stageRequests: 'stage_requests',
} as const;
