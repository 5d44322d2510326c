import { describe, expect, it } from 'vitest';
import { formatMoney, localDay } from './money';

describe('the books’ money and days', () => {
  it('formats cents in the seller’s currency to the exact cent, however large', () => {
    expect(formatMoney(4550, 'USD')).toBe('$45.50');
    expect(formatMoney(1_000_000_000_001, 'USD')).toBe('$10,000,000,000.01');
    expect(formatMoney(-1250, 'EUR')).toBe('-€12.50');
    expect(formatMoney(99, 'GBP')).toBe('£0.99');
  });

  it('names the seller’s own calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
