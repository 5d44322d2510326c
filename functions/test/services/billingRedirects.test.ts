import { describe, expect, it } from 'vitest';
import { resolveRedirectUrl } from '../../src/services/billing.js';

describe('checkout and portal redirect URLs', () => {
  it('keep an absolute http(s) URL', () => {
    expect(resolveRedirectUrl('https://flipstage.example/dashboard?paid=true', null)).toBe(
      'https://flipstage.example/dashboard?paid=true',
    );
  });

  it('resolve the spec’s same-site paths against the caller’s origin', () => {
    expect(resolveRedirectUrl('/dashboard?paid=true', 'http://127.0.0.1:5173')).toBe(
      'http://127.0.0.1:5173/dashboard?paid=true',
    );
  });

  it.each([
    ['/pricing', null],
    ['//evil.example/x', 'http://127.0.0.1:5173'],
    ['javascript:alert(1)', 'http://127.0.0.1:5173'],
    ['', 'http://127.0.0.1:5173'],
    [42, 'http://127.0.0.1:5173'],
  ])('refuse %j (origin %j)', (value, origin) => {
    expect(() => resolveRedirectUrl(value, origin)).toThrow('A valid URL is required.');
  });
});
