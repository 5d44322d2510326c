import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '../plans.js';
import { accountResponse, hdAllowed, marketplacesAllowed, mergeUser } from '../user.js';
import { accountResponseSchema } from './account.js';

describe('marketplacesAllowed', () => {
  it('comes with an active or trialing Flipper or Premium plan', () => {
    expect(marketplacesAllowed(LOCAL_PRICE_IDS.flipper, 'active', LOCAL_PRICE_IDS)).toBe(true);
    expect(marketplacesAllowed(LOCAL_PRICE_IDS.premium, 'trialing', LOCAL_PRICE_IDS)).toBe(true);
  });

  it('is refused to Base, to a plan no longer active, to no plan and to an unknown price', () => {
    expect(marketplacesAllowed(LOCAL_PRICE_IDS.base, 'active', LOCAL_PRICE_IDS)).toBe(false);
    expect(marketplacesAllowed(LOCAL_PRICE_IDS.flipper, 'canceled', LOCAL_PRICE_IDS)).toBe(false);
    expect(marketplacesAllowed(null, 'active', LOCAL_PRICE_IDS)).toBe(false);
    expect(marketplacesAllowed('price_live_other', 'active', LOCAL_PRICE_IDS)).toBe(false);
  });
});

describe('hdAllowed', () => {
  it('allows HD on an active or trialing Flipper or Premium plan', () => {
    expect(hdAllowed(LOCAL_PRICE_IDS.flipper, 'active', LOCAL_PRICE_IDS)).toBe(true);
    expect(hdAllowed(LOCAL_PRICE_IDS.premium, 'trialing', LOCAL_PRICE_IDS)).toBe(true);
  });

  it('refuses HD on Base, on a lapsed plan, without a plan, or for a price the configuration does not name', () => {
    expect(hdAllowed(LOCAL_PRICE_IDS.base, 'active', LOCAL_PRICE_IDS)).toBe(false);
    expect(hdAllowed(LOCAL_PRICE_IDS.flipper, 'canceled', LOCAL_PRICE_IDS)).toBe(false);
    expect(hdAllowed(LOCAL_PRICE_IDS.premium, null, LOCAL_PRICE_IDS)).toBe(false);
    expect(hdAllowed(null, 'active', LOCAL_PRICE_IDS)).toBe(false);
    expect(hdAllowed('price_live_other', 'active', LOCAL_PRICE_IDS)).toBe(false);
  });

  it('names plans by the configured Stripe price ids', () => {
    expect(hdAllowed('price_live_9', 'active', { flipper: 'price_live_9' })).toBe(true);
  });
});

describe('account response', () => {
  const user = mergeUser({ uid: 'u1', email: 'ada@example.com' }, null, {
    creditsRemaining: 30,
    stripePriceId: LOCAL_PRICE_IDS.premium,
    stripeSubscriptionStatus: 'active',
  });

  it('is the merged user and whether its plan gives HD and marketplace posting', () => {
    const response = accountResponse(user, LOCAL_PRICE_IDS);
    expect(response).toEqual({ ...user, hdAllowed: true, marketplacesAllowed: true });
    expect(accountResponseSchema.parse(response)).toEqual(response);
  });

  it('refuses an account without hdAllowed or with credits as text', () => {
    expect(accountResponseSchema.safeParse(user).success).toBe(false);
    expect(accountResponseSchema.safeParse({ ...user, hdAllowed: false, creditsRemaining: '30' }).success).toBe(false);
  });
});
