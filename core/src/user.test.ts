import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, isFreeTrial, mergeUser, normalizeProvider, planIsActive } from './user.js';

describe('subscription status', () => {
  it('is active when active or trialing', () => {
    expect(planIsActive('active')).toBe(true);
    expect(planIsActive('trialing')).toBe(true);
    expect(planIsActive('canceled')).toBe(false);
    expect(planIsActive(null)).toBe(false);
  });

  it('is a free trial when trialing or missing', () => {
    expect(isFreeTrial('trialing')).toBe(true);
    expect(isFreeTrial(undefined)).toBe(true);
    expect(isFreeTrial(null)).toBe(true);
    expect(isFreeTrial('active')).toBe(false);
    expect(isFreeTrial('past_due')).toBe(false);
  });
});

describe('providers', () => {
  it('show an email provider as password and drop the domain', () => {
    expect(normalizeProvider('email')).toBe('password');
    expect(normalizeProvider('password')).toBe('password');
    expect(normalizeProvider('google.com')).toBe('google');
    expect(normalizeProvider('github.com')).toBe('github');
  });
});

describe('mergeUser', () => {
  const auth = { uid: 'u1', email: 'sam@example.com', displayName: 'Sam', providerIds: ['google.com', 'password'] };

  it('combines the profile and the customer record', () => {
    expect(
      mergeUser(auth, { name: 'Samantha', avatar: '/me.png' }, {
        creditsRemaining: 42,
        stripeCustomerId: 'cus_1',
        stripeSubscriptionStatus: 'active',
        stripePriceId: 'price_f',
      }),
    ).toEqual({
      uid: 'u1',
      email: 'sam@example.com',
      name: 'Samantha',
      avatar: '/me.png',
      providers: ['google', 'password'],
      planId: 'price_f',
      creditsRemaining: 42,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionStatus: 'active',
      planIsActive: true,
      isFreeTrial: false,
    });
  });

  it('shows the email the user signs in with, not the sign-up copy, so a changed email shows at once', () => {
    expect(mergeUser(auth, { email: 'old@example.com' }, null).email).toBe('sam@example.com');
  });

  it('falls back to the profile email when the sign-in has none', () => {
    expect(mergeUser({ uid: 'u3' }, { email: 'kept@example.com' }, null).email).toBe('kept@example.com');
  });

  it('falls back to the default avatar and treats a missing status as a trial', () => {
    const user = mergeUser({ uid: 'u2', email: 'kim@example.com' }, null, null);
    expect(user.avatar).toBe(DEFAULT_AVATAR_URL);
    expect(user.name).toBe('kim');
    expect(user.providers).toEqual(['password']);
    expect(user.planId).toBeNull();
    expect(user.creditsRemaining).toBe(0);
    expect(user.planIsActive).toBe(false);
    expect(user.isFreeTrial).toBe(true);
  });
});
