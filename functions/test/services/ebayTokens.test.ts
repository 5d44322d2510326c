/** The eBay refresh token sealed at rest, and the consent's state signed (services/ebayTokens.ts). */
import { describe, expect, it } from 'vitest';
import { tokenKeys } from '../../src/services/ebayTokens.js';

const keys = tokenKeys('a-long-random-secret-for-the-tests');
const TOKEN = 'v^1.1#i^1#p^3#r^1#f^0#t^Ul4xMF8wOjQ5';

describe('sealing a refresh token', () => {
  it('opens what it sealed, and the sealed text does not contain the token', () => {
    const sealed = keys.seal(TOKEN);
    expect(sealed).not.toContain(TOKEN);
    expect(keys.open(sealed)).toBe(TOKEN);
  });

  it('seals the same token differently each time', () => {
    expect(keys.seal(TOKEN)).not.toBe(keys.seal(TOKEN));
  });

  it('opens nothing sealed with another secret', () => {
    expect(tokenKeys('another-long-random-secret-entirely').open(keys.seal(TOKEN))).toBeNull();
  });

  it('opens nothing changed after sealing', () => {
    const sealed = keys.seal(TOKEN);
    // A character inside the text (the last one may hold only padding bits).
    const at = sealed.length - 6;
    const changed = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(keys.open(changed)).toBeNull();
  });

  it('refuses a secret too short to be one', () => {
    expect(() => tokenKeys('short')).toThrow('at least 16 characters');
  });
});

describe('signing the consent state', () => {
  it('verifies its own signature and gives the payload back', () => {
    expect(keys.verify(keys.sign('{"uid":"u1"}'))).toBe('{"uid":"u1"}');
  });

  it('refuses a payload swapped under the signature', () => {
    const [, signature] = keys.sign('{"uid":"u1"}').split('.');
    expect(keys.verify(`${Buffer.from('{"uid":"u2"}').toString('base64url')}.${signature}`)).toBeNull();
  });

  it('does not take a sealed token for a signature, nor the reverse', () => {
    expect(keys.verify(keys.seal(TOKEN))).toBeNull();
    expect(keys.open(keys.sign(TOKEN))).toBeNull();
  });
});
