/** Who a sign-up grant belongs to (services/signupPerson.ts). */
import { describe, expect, it } from 'vitest';
import { normaliseEmail, personKeys } from '../../src/services/signupPerson.js';

describe('the inbox an address reaches', () => {
  it('is the address in lower case', () => {
    expect(normaliseEmail(' Ana.Smith+shop@Example.COM ')).toBe('ana.smith+shop@example.com');
  });

  it('is, for Gmail, the address without dots or a +tag, at gmail.com', () => {
    for (const address of ['me+1@gmail.com', 'm.e+2@gmail.com', 'M.E@googlemail.com', 'me@gmail.com'])
      expect(normaliseEmail(address)).toBe('me@gmail.com');
  });
});

describe("a person's keys", () => {
  it('are the inbox and each linked social account', () => {
    expect(personKeys({ email: 'Jo.Smith+x@gmail.com', providerAccounts: ['google.com:1098', 'github.com:77'] })).toEqual([
      'email:josmith@gmail.com',
      'google.com:1098',
      'github.com:77',
    ]);
  });

  it('are none for a session with no email and no social account', () => {
    expect(personKeys({ email: null, providerAccounts: [] })).toEqual([]);
  });
});
