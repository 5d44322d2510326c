import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { assertHdAllowed, planOf } from './plan.js';
import { EXIT } from './utils/exitCodes.js';

describe('planOf', () => {
  it('names local and configured price ids', () => {
    expect(planOf({ planId: LOCAL_PRICE_IDS.premium }, {})?.id).toBe('premium');
    expect(planOf({ planId: 'price_live_9' }, { STRIPE_PRICE_FLIPPER: 'price_live_9' })?.id).toBe('flipper');
    expect(planOf({ planId: null }, {})).toBeUndefined();
  });
});

describe('assertHdAllowed', () => {
  it('allows HD on an active Flipper or Premium plan', () => {
    expect(() => assertHdAllowed({ planId: LOCAL_PRICE_IDS.flipper, planIsActive: true }, {})).not.toThrow();
    expect(() => assertHdAllowed({ planId: LOCAL_PRICE_IDS.premium, planIsActive: true }, {})).not.toThrow();
  });

  it('refuses HD on Base, without a plan, or with an inactive plan, as a usage error', () => {
    for (const user of [
      { planId: LOCAL_PRICE_IDS.base, planIsActive: true },
      { planId: null, planIsActive: false },
      { planId: LOCAL_PRICE_IDS.flipper, planIsActive: false },
    ]) {
      expect(() => assertHdAllowed(user, {})).toThrow(
        expect.objectContaining({
          message: 'HD output needs an active Flipper or Premium plan.',
          exitCode: EXIT.usage,
        }),
      );
    }
  });

  it('leaves an active plan it cannot name to the server', () => {
    expect(() => assertHdAllowed({ planId: 'price_unknown', planIsActive: true }, {})).not.toThrow();
  });
});
