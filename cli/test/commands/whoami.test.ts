import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { describePlan } from '../../src/commands/whoami.js';

describe('describePlan', () => {
  it('says there is no plan for an account living on its free credits', () => {
    expect(describePlan({ planId: null, stripeSubscriptionStatus: null }, {})).toBe('No plan (free credits)');
  });

  it("names local mode's plans with their status", () => {
    expect(describePlan({ planId: LOCAL_PRICE_IDS.flipper, stripeSubscriptionStatus: 'trialing' }, {})).toBe(
      'Flipper (trialing)',
    );
  });

  it('names a plan by the Stripe price ids in the environment', () => {
    const env = { STRIPE_PRICE_PREMIUM: 'price_123' };
    expect(describePlan({ planId: 'price_123', stripeSubscriptionStatus: 'active' }, env)).toBe('Premium (active)');
  });

  it('shows an unknown price id as it is', () => {
    expect(describePlan({ planId: 'price_other', stripeSubscriptionStatus: 'canceled' }, {})).toBe(
      'price_other (canceled)',
    );
  });
});
