import { describe, expect, it } from 'vitest';
import { optionalString, pickStrings } from './searchParams';

describe('search params', () => {
  it('reads a non-empty string', () => {
    expect(optionalString({ next: '/pricing' }, 'next')).toBe('/pricing');
  });

  it('drops empty, missing and non-string values', () => {
    expect(optionalString({ next: '' }, 'next')).toBeUndefined();
    expect(optionalString({}, 'next')).toBeUndefined();
    expect(optionalString({ next: 42 }, 'next')).toBeUndefined();
  });

  it('picks only the named string params', () => {
    expect(pickStrings({ next: '/x', oobCode: 'abc', mode: 7, other: 'y' }, ['next', 'oobCode', 'mode'])).toEqual({
      next: '/x',
      oobCode: 'abc',
    });
  });
});
