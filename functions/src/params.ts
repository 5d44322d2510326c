/**
 * The Cloud Functions' configuration (DESIGN §6a): secrets in Secret Manager, everything else as
 * params in functions/.env (firebase deploy asks for any without a default). Values are read
 * inside requests, never at module load, so a deploy can read the declarations without them.
 */
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
export const PHOTOROOM_API_KEY = defineSecret('PHOTOROOM_API_KEY');
/** eBay's app secret and the key the sellers' refresh tokens are sealed with (docs/marketplaces.md); the word none without eBay. */
export const EBAY_CLIENT_SECRET = defineSecret('EBAY_CLIENT_SECRET');
export const EBAY_TOKEN_KEY = defineSecret('EBAY_TOKEN_KEY');

export const STRIPE_PRICE_BASE = defineString('STRIPE_PRICE_BASE', {
  description: 'Stripe price id of the Base plan ($8/month, 25 images)',
});
export const STRIPE_PRICE_FLIPPER = defineString('STRIPE_PRICE_FLIPPER', {
  description: 'Stripe price id of the Flipper plan ($9/month, 50 images)',
});
export const STRIPE_PRICE_PREMIUM = defineString('STRIPE_PRICE_PREMIUM', {
  description: 'Stripe price id of the Premium plan ($79/month, 450 images)',
});
export const TRIAL_DAYS = defineInt('TRIAL_DAYS', {
  default: 7,
  description: 'Free-trial days on a customer’s first subscription (0 for none)',
});
export const MERGE_DB_USER = defineBoolean('MERGE_DB_USER', {
  default: true,
  description:
    'Merge the Firestore account (credits, plan) into the signed-in user; false answers from the ID token alone',
});
export const SITE_URL = defineString('SITE_URL', {
  default: '',
  description:
    'The site’s origin, e.g. https://flipstage.app (several comma-separated); checkout and billing portal redirects must stay on it. Empty: the project’s Hosting domains',
});
export const APP_CHECK = defineString('APP_CHECK', {
  default: 'enforce',
  description:
    'enforce: staging, checkout, the billing portal and account calls need a valid Firebase App Check token; off: they do not (for a site without App Check set up)',
});
export const PHOTOROOM_MODEL_VERSION = defineString('PHOTOROOM_MODEL_VERSION', {
  default: '',
  description: 'Optional Photoroom background model (pr-ai-background-model-version); empty for the default',
});

/* Publishing to eBay (issue 41, docs/marketplaces.md): empty EBAY_CLIENT_ID leaves it off. */
export const EBAY_CLIENT_ID = defineString('EBAY_CLIENT_ID', {
  default: '',
  description: 'eBay app ID (Client ID) from developer.ebay.com; empty: publishing to eBay is off',
});
export const EBAY_RUNAME = defineString('EBAY_RUNAME', {
  default: '',
  description: 'eBay RuName (redirect URL name) whose accept and decline URLs are {site}/api/ebay/callback',
});
export const EBAY_ENVIRONMENT = defineString('EBAY_ENVIRONMENT', {
  default: 'production',
  description: 'production or sandbox: which eBay the keys belong to',
});
export const EBAY_API_BASE_URL = defineString('EBAY_API_BASE_URL', {
  default: '',
  description: 'Optional: a server speaking eBay’s REST APIs in place of eBay’s own hosts',
});
export const EBAY_AUTH_BASE_URL = defineString('EBAY_AUTH_BASE_URL', {
  default: '',
  description: 'Optional: where eBay’s consent page is, with EBAY_API_BASE_URL',
});
export const EBAY_VERIFICATION_TOKEN = defineString('EBAY_VERIFICATION_TOKEN', {
  default: '',
  description: 'The verification token given to eBay for marketplace account deletion notifications',
});

/*
 * Instance counts are deploy-time settings (docs/firebase.md, "Capacity"): a warm `api` instance
 * takes the first request of a quiet hour without a cold start, at the price of an idle instance.
 */
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', {
  default: 0,
  description:
    'Warm instances of the api function (account, marketplace, checkout, webhooks); 1 removes most cold starts',
});
export const API_MAX_INSTANCES = defineInt('API_MAX_INSTANCES', {
  default: 20,
  description: 'Most instances of the api function',
});
export const STAGE_MIN_INSTANCES = defineInt('STAGE_MIN_INSTANCES', {
  default: 0,
  description: 'Warm instances of the stage function',
});
export const STAGE_MAX_INSTANCES = defineInt('STAGE_MAX_INSTANCES', {
  default: 10,
  description: 'Most instances of the stage function: with 8 stagings each, the ceiling of stagings at once',
});

/** The stage function's vCPUs (index.ts): the engine's worker threads default to one each. */
export const STAGE_VCPUS = 2;

export const ENGINE_WORKERS = defineInt('ENGINE_WORKERS', {
  default: STAGE_VCPUS,
  description:
    'Worker threads that run the built-in engine in each stage instance (one per vCPU); 0 runs it on the thread that answers requests',
});
