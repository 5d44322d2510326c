/**
 * Where checkout and the billing portal send the browser back (issue 12). Stripe's pages are
 * trusted, so a return address anywhere else would make them an open redirect: every address
 * must be a page on one of the site's own origins (AppConfig.siteOrigins).
 */
import { MESSAGES } from '@flipstage/core';
import { invalid } from './errors.js';

export interface SiteOrigins {
  /** The site's origins; a path resolves against the first unless the caller is on another of them. */
  origins: readonly string[];
  /** The browser's origin (Origin or Referer header), when it sent one. */
  callerOrigin: string | null;
}

/**
 * An absolute URL on the site, or a same-site path (spec §7 sends paths). Comparing whole
 * origins refuses look-alike hosts, other ports, protocol-relative `//host` and `javascript:`.
 */
export function resolveRedirectUrl(value: unknown, site: SiteOrigins): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(MESSAGES.urlRequired);
  const base = site.callerOrigin && site.origins.includes(site.callerOrigin) ? site.callerOrigin : site.origins[0];
  const text = value.trim();
  if (!URL.canParse(text, base)) throw invalid(MESSAGES.urlRequired);
  const url = new URL(text, base);
  if (!site.origins.includes(url.origin)) throw invalid(MESSAGES.redirectOffSite);
  return url.toString();
}
