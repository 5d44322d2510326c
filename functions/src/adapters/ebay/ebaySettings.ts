/**
 * eBay's settings (issue 41), read from an env-like map in either mode: the app's keys and RuName
 * from eBay's developer portal, production or sandbox, and EBAY_API_BASE_URL / EBAY_AUTH_BASE_URL
 * to point the adapter at any server speaking eBay's REST APIs (local mode's simulated eBay, a
 * test's stand-in). No EBAY_CLIENT_ID means eBay is not set up, and its routes say so.
 */
import { EBAY_PATHS } from '@flipstage/core';
import { EBAY_ENVIRONMENTS, type EbayEnvironment } from './ebayHttp.js';
import type { RestEbaySettings } from './restEbay.js';

export interface EbaySettings {
  rest: RestEbaySettings;
  /** The secret the refresh tokens are sealed with. */
  tokenKey: string;
  deletion: { verificationToken: string; endpoint: string };
}

type Env = Record<string, string | undefined>;

/** A deployed function must be given every secret it declares; this value says "no eBay app". */
export const NO_EBAY_SECRET = 'none';

function parseEnvironment(value: string | undefined): EbayEnvironment {
  const environment = (value ?? '').trim().toLowerCase() || 'production';
  if (!(EBAY_ENVIRONMENTS as readonly string[]).includes(environment))
    throw new Error(`EBAY_ENVIRONMENT must be production or sandbox, got ${JSON.stringify(value)}`);
  return environment as EbayEnvironment;
}

function baseUrl(name: string, value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}

/** The settings, or null when eBay is not set up (no client id, or its secrets are the word none). */
export function loadEbaySettings(env: Env, siteOrigin: string): EbaySettings | null {
  const clientId = env.EBAY_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.EBAY_CLIENT_SECRET?.trim() ?? '';
  const tokenKey = env.EBAY_TOKEN_KEY?.trim() ?? '';
  if (!clientId || [clientSecret, tokenKey].some((s) => !s || s === NO_EBAY_SECRET)) return null;
  const ruName = env.EBAY_RUNAME?.trim() ?? '';
  if (!ruName) throw new Error('EBAY_RUNAME is required with EBAY_CLIENT_ID; see docs/marketplaces.md');
  const apiBaseUrl = baseUrl('EBAY_API_BASE_URL', env.EBAY_API_BASE_URL);
  const authBaseUrl = baseUrl('EBAY_AUTH_BASE_URL', env.EBAY_AUTH_BASE_URL);
  return {
    rest: {
      environment: parseEnvironment(env.EBAY_ENVIRONMENT),
      clientId,
      clientSecret,
      ruName,
      ...(apiBaseUrl ? { apiBaseUrl } : {}),
      ...(authBaseUrl ? { authBaseUrl } : {}),
    },
    tokenKey,
    deletion: {
      verificationToken: env.EBAY_VERIFICATION_TOKEN?.trim() ?? '',
      endpoint: `${siteOrigin.replace(/\/+$/, '')}${EBAY_PATHS.accountDeletion}`,
    },
  };
}
