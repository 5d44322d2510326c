/** A test account put on a plan as Stripe's subscription event would, straight through the store. */
import type { Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

export async function subscribeTo(store: Store, uid: string, priceId: string, status = 'active'): Promise<void> {
  const customerId = `cus_${uid}`;
  await store.setStripeCustomer(uid, customerId);
  await store.processStripeEvent(
    {
      eventId: `evt_${uid}_${priceId}`,
      type: 'customer.subscription.created',
      effect: {
        kind: 'sync-subscription',
        stripeCustomerId: customerId,
        subscriptionId: `sub_${uid}`,
        status,
        priceId,
        stateAt: Date.now(),
        heldBefore: null,
        trialGrant: null,
      },
    },
    CREDIT_RULES,
  );
}
