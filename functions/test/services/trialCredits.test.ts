/** The free tries' rules (services/credits.ts), as every store applies them. */
import { describe, expect, it } from 'vitest';
import { decideTrialEnd, decideTrialGrant } from '../../src/services/credits.js';

const grantState = {
  uid: 'v1',
  credits: 3,
  balance: 0,
  granted: false,
  signedUp: false,
  addressCount: 0,
  perAddressPerDay: 2,
};

describe('a visitor’s free tries', () => {
  it('are posted once, as a trial entry, and the address counted', () => {
    expect(decideTrialGrant(grantState)).toEqual({
      kind: 'grant',
      credit: { kind: 'post', entry: { delta: 3, reason: 'trial', ref: 'trial', balanceAfter: 3 } },
      countAddress: true,
    });
    expect(decideTrialGrant({ ...grantState, granted: true })).toEqual({ kind: 'already-granted' });
  });

  it('are refused to an account that has had its sign-up credits, and the address is not counted', () => {
    expect(decideTrialGrant({ ...grantState, signedUp: true })).toEqual({ kind: 'signed-up' });
  });

  it('are refused to an address that had its trials today', () => {
    expect(decideTrialGrant({ ...grantState, addressCount: 2 })).toEqual({ kind: 'address-used-up' });
  });

  it('are granted uncounted where no address is counted', () => {
    const decision = decideTrialGrant({ ...grantState, addressCount: 99, perAddressPerDay: null });
    expect(decision).toMatchObject({ kind: 'grant', countAddress: false });
  });

  it('left at sign-up are taken back once, so the account starts from its sign-up credits', () => {
    const state = { uid: 'v1', balance: 2, granted: true, ended: false };
    expect(decideTrialEnd(state)).toEqual({
      kind: 'post',
      entry: { delta: -2, reason: 'trial', ref: 'trial-end', balanceAfter: 0 },
    });
    expect(decideTrialEnd({ ...state, ended: true })).toEqual({ kind: 'already-posted' });
    expect(decideTrialEnd({ ...state, granted: false })).toEqual({ kind: 'already-posted' });
  });
});
