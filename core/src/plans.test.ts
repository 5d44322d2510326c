import { describe, expect, it } from 'vitest';
import {
  findPlan,
  LOCAL_PRICE_IDS,
  planForPriceId,
  PLANS,
  POPULAR_PLAN_LABEL,
  priceIdForPlan,
  priceIdsFromEnv,
} from './plans.js';

describe('plans', () => {
  it('are Base $8 / 25, Flipper $9 / 50 and Premium $79 / 450, billed monthly', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.price, p.monthlyCredits, p.billing])).toEqual([
      ['base', 'Base', 8, 25, 'monthly'],
      ['flipper', 'Flipper', 9, 50, 'monthly'],
      ['premium', 'Premium', 79, 450, 'monthly'],
    ]);
  });

  it('mark only Flipper as MOST POPULAR', () => {
    expect(POPULAR_PLAN_LABEL).toBe('MOST POPULAR');
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['flipper']);
  });

  it('give Flipper HD download, marketplace posting, early access and priority support', () => {
    const flipper = findPlan('flipper')!;
    expect(flipper.hd).toBe(true);
    expect(flipper.features).toEqual(
      expect.arrayContaining(['HD downloads', 'Post to marketplaces', 'Early access to new features', 'Priority support']),
    );
    expect(findPlan('base')!.hd).toBe(false);
  });

  it('resolve both namings to the same plan', () => {
    expect(findPlan('starter')).toBe(findPlan('base'));
    expect(findPlan('pro')).toBe(findPlan('flipper'));
    expect(findPlan('business')).toBe(findPlan('premium'));
    expect(findPlan('PRO')?.id).toBe('flipper');
    expect(findPlan('enterprise')).toBeUndefined();
  });
});

describe('price ids', () => {
  const config = { base: 'price_b', flipper: 'price_f', premium: 'price_p' };

  it('come from configuration for either naming', () => {
    expect(priceIdForPlan('flipper', config)).toBe('price_f');
    expect(priceIdForPlan('pro', config)).toBe('price_f');
  });

  it('throw the spec’s message when a plan has no price id', () => {
    expect(() => priceIdForPlan('premium', { base: 'price_b' })).toThrow('No Stripe price ID found for plan: premium');
    expect(() => priceIdForPlan('gold', config)).toThrow('No Stripe price ID found for plan: gold');
  });

  it('map a price id back to its plan', () => {
    expect(planForPriceId('price_p', config)?.id).toBe('premium');
    expect(planForPriceId('price_x', config)).toBeUndefined();
    expect(planForPriceId(null, config)).toBeUndefined();
  });

  it('are read from env with either naming', () => {
    expect(priceIdsFromEnv({ STRIPE_PRICE_BASE: 'a', STRIPE_PRICE_PRO: 'b', STRIPE_PRICE_BUSINESS: 'c' })).toEqual({
      base: 'a',
      flipper: 'b',
      premium: 'c',
    });
    expect(priceIdsFromEnv({ VITE_STRIPE_PRICE_FLIPPER: 'f' }, 'VITE_')).toEqual({ flipper: 'f' });
  });

  it('have distinct local defaults for the simulated checkout', () => {
    expect(new Set(Object.values(LOCAL_PRICE_IDS)).size).toBe(3);
  });
});
