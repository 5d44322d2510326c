import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { fakeMergedUser } from '../../test-utils/fakeBackend';
import { pricingOffer } from './pricingOffer';

describe('pricingOffer', () => {
  it('offers the trial to a signed-out visitor', () => {
    expect(pricingOffer('signedOut', null, LOCAL_PRICE_IDS)).toEqual({ kind: 'trial' });
  });

  it('promises nothing while the session or the account loads', () => {
    expect(pricingOffer('unknown', null, LOCAL_PRICE_IDS)).toEqual({ kind: 'unknown' });
    expect(pricingOffer('signedIn', null, LOCAL_PRICE_IDS)).toEqual({ kind: 'unknown' });
  });

  it('offers the trial to an account that never subscribed', () => {
    expect(pricingOffer('signedIn', fakeMergedUser(), LOCAL_PRICE_IDS)).toEqual({ kind: 'trial' });
  });

  it('marks a trialing or paying subscriber’s plan', () => {
    for (const status of ['trialing', 'active']) {
      const user = fakeMergedUser({
        planIsActive: true,
        stripeSubscriptionStatus: status,
        planId: LOCAL_PRICE_IDS.base,
      });
      expect(pricingOffer('signedIn', user, LOCAL_PRICE_IDS)).toEqual({ kind: 'subscriber', planId: 'base' });
    }
  });

  it('keeps a subscriber on a price no plan knows a subscriber, with no plan marked', () => {
    const user = fakeMergedUser({ planIsActive: true, stripeSubscriptionStatus: 'active', planId: 'price_legacy' });
    expect(pricingOffer('signedIn', user, LOCAL_PRICE_IDS)).toEqual({ kind: 'subscriber', planId: null });
  });

  it('promises no second trial to an account whose subscription ended', () => {
    const user = fakeMergedUser({ planIsActive: false, stripeSubscriptionStatus: 'canceled' });
    expect(pricingOffer('signedIn', user, LOCAL_PRICE_IDS)).toEqual({ kind: 'noTrial' });
  });
});
