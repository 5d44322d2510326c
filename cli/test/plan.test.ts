import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { assertHdAllowed, planOf } from '../src/plan.js';
import { EXIT } from '../src/errors/exitCodes.js';

describe('planOf', () => {
  it('names local and configured price ids', () => {
    expect(planOf({ planId: LOCAL_PRICE_IDS.premium }, {})?.id).toBe('premium');
    expect(planOf({ planId: 'price_live_9' }, { STRIPE_PRICE_FLIPPER: 'price_live_9' })?.id).toBe('flipper');
    expect(planOf({ planId: null }, {})).toBeUndefined();
  });
});

describe('assertHdAllowed', () => {
  it("goes by the server's hdAllowed", () => {
    expect(() => assertHdAllowed({ hdAllowed: true })).not.toThrow();
  });

  it('refuses HD the server does not allow, as a usage error', () => {
    expect(() => assertHdAllowed({ hdAllowed: false })).toThrow(
      expect.objectContaining({
        message: 'HD output needs an active Flipper or Premium plan.',
        exitCode: EXIT.usage,
      }),
    );
  });
});
