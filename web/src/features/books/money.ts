/** How the books show money and days: whole cents in the seller's one currency (issue 42). */
import { centsToPlain, type BookCurrency } from '@flipstage/core';

const formats = new Map<BookCurrency, Intl.NumberFormat>();

/** Cents as the seller's currency, e.g. 4550 in USD → "$45.50"; the amount is never a float sum. */
export function formatMoney(cents: number, currency: BookCurrency): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  // Formatting the exact two-decimal text keeps a large sum's last cent (no division by 100).
  return format.format(centsToPlain(cents) as `${number}`);
}

/** What a money field shows for stored cents: "45.50", or empty for none. */
export function centsToTyped(cents: number | null): string {
  return cents === null ? '' : centsToPlain(cents);
}

/** The seller's calendar day, YYYY-MM-DD, in their own time zone: what "this month" means to them. */
export function localDay(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export function formatDays(days: number | null): string {
  if (days === null) return '–';
  return days === 1 ? '1 day' : `${days} days`;
}

export function formatPercent(percent: number | null): string {
  return percent === null ? '–' : `${percent.toFixed(1)}%`;
}
