import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { nameRefusal, trimNameSpaces } from './profileRules.js';

/** Every code point of the given class in this Node's Unicode tables. */
function codePointsOf(pattern: RegExp): number[] {
  const points: number[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    if (pattern.test(String.fromCodePoint(cp))) points.push(cp);
  }
  return points;
}

describe('the profile name rules', () => {
  it('refuse every control, format and line or paragraph separator character this Unicode knows', () => {
    const missed = codePointsOf(/^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u).filter(
      (cp) => nameRefusal(`a${String.fromCodePoint(cp)}b`) !== MESSAGES.nameInvisibleCharacters,
    );
    expect(missed.map((cp) => cp.toString(16))).toEqual([]);
  });

  it('trim exactly the space separators this Unicode knows', () => {
    const spaces = codePointsOf(/^\p{Zs}$/u).map((cp) => String.fromCodePoint(cp));
    expect(spaces.filter((space) => trimNameSpaces(`${space}a${space}`) !== 'a')).toEqual([]);
  });

  it('take 100 characters of any plane, an emoji counting as one', () => {
    expect(nameRefusal('😀'.repeat(100))).toBeNull();
  });

  it('refuse 101 characters with the length message', () => {
    expect(nameRefusal('😀'.repeat(101))).toBe(MESSAGES.tooLong('Name', 100));
  });

  it('count the characters after trimming the spaces around them', () => {
    expect(nameRefusal(`\u3000 ${'x'.repeat(100)} \u00a0`)).toBeNull();
  });

  it('refuse a lone surrogate, which no database stores', () => {
    expect(nameRefusal('Eve\ud800')).toBe(MESSAGES.nameInvisibleCharacters);
  });
});
