/**
 * Typed, non-secret configuration (DESIGN §6a), read once from an env-like map. Secrets
 * (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PHOTOROOM_API_KEY) go straight to the adapters that
 * use them and never into this object.
 */
import { LOCAL_PRICE_IDS, priceIdsFromEnv, type PriceIdConfig } from '@flipstage/core';

export const DEFAULT_TRIAL_DAYS = 7;

/** Local mode's web app (DESIGN §6a), where checkout and the billing portal send the browser back. */
export const LOCAL_SITE_URL = 'http://127.0.0.1:5173';

export interface AppConfig {
  priceIds: PriceIdConfig;
  /** Free-trial length of a customer's first subscription. */
  trialDays: number;
  /** MERGE_DB_USER=false answers GET /api/account from the token alone (spec §8). */
  mergeDbUser: boolean;
  /**
   * The origins the site is served from (SITE_URL, comma-separated). Checkout and billing portal
   * redirects must land on one of them, so Stripe's trusted pages never bounce a user elsewhere.
   */
  siteOrigins: string[];
  /**
   * APP_CHECK: 'enforce' refuses staging, checkout, the billing portal and account calls without a
   * valid Firebase App Check token (X-Firebase-AppCheck); 'off' lets them through without one.
   */
  appCheck: AppCheckMode;
  /**
   * Whether the sign-up credits wait until the person is verified (an email_verified token, or a
   * sign-in with a social provider): a new email alone must not be worth 10 paid stagings.
   */
  signupCreditsNeedVerifiedEmail: boolean;
  /**
   * Whether reporting needs a verified email (issue 40), so a throwaway address cannot report.
   * Local mode serves one person on this machine, with no inbox to confirm: it counts a signed-up
   * account as verified (a visitor's anonymous session still is not).
   */
  verifiedEmailRequired: boolean;
  /**
   * Where the caller's address, which fair use also counts by, comes from: 'forwarded' behind
   * Google's front end (X-Forwarded-For read from the right, past our front ends), 'socket' when clients connect directly.
   */
  clientAddress: 'forwarded' | 'socket';
}

export const APP_CHECK_MODES = ['enforce', 'off'] as const;
export type AppCheckMode = (typeof APP_CHECK_MODES)[number];

/**
 * Local mode runs on this machine for one person and the test journeys: no App Check (there is no
 * attestation provider offline), the sign-up credits at once, no email to verify, and browsers
 * connecting directly.
 */
export const LOCAL_MODE = {
  appCheck: 'off',
  signupCreditsNeedVerifiedEmail: false,
  verifiedEmailRequired: false,
  clientAddress: 'socket',
} as const satisfies Partial<AppConfig>;

type Env = Record<string, string | undefined>;

function parseTrialDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TRIAL_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 730)
    throw new Error(`TRIAL_DAYS must be a whole number of days from 0 to 730, got ${JSON.stringify(value)}`);
  return days;
}

/** The origin of a bare http(s) origin such as https://flipstage.app (a trailing slash allowed), else null. */
function bareOrigin(entry: string): string | null {
  if (!URL.canParse(entry)) return null;
  const url = new URL(entry);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return bare && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : null;
}

function parseSiteOrigins(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    const origin = bareOrigin(entry);
    if (!origin)
      throw new Error(`SITE_URL must list http(s) origins such as https://flipstage.app, got ${JSON.stringify(entry)}`);
    return origin;
  });
}

function parseAppCheck(value: string | undefined): AppCheckMode {
  const mode = (value ?? '').trim().toLowerCase() || 'enforce';
  if (!(APP_CHECK_MODES as readonly string[]).includes(mode))
    throw new Error(`APP_CHECK must be enforce or off, got ${JSON.stringify(value)}`);
  return mode as AppCheckMode;
}

/** The settings of Firebase mode; local mode replaces the mode-specific ones with LOCAL_MODE's. */
export function loadConfig(env: Env, options: { localPriceIds?: boolean; defaultSiteUrl?: string } = {}): AppConfig {
  const configured = priceIdsFromEnv(env);
  const priceIds = options.localPriceIds && Object.keys(configured).length === 0 ? { ...LOCAL_PRICE_IDS } : configured;
  return {
    priceIds,
    trialDays: parseTrialDays(env.TRIAL_DAYS),
    mergeDbUser: (env.MERGE_DB_USER ?? 'true').trim().toLowerCase() !== 'false',
    siteOrigins: parseSiteOrigins(env.SITE_URL?.trim() || options.defaultSiteUrl || ''),
    appCheck: parseAppCheck(env.APP_CHECK),
    signupCreditsNeedVerifiedEmail: true,
    verifiedEmailRequired: true,
    clientAddress: 'forwarded',
  };
}
