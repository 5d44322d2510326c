/**
 * The Cloud Functions' configuration (DESIGN §6a): secrets in Secret Manager, everything else as
 * params in functions/.env (firebase deploy asks for any without a default). Values are read
 * inside requests, never at module load, so a deploy can read the declarations without them.
 */
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
export const PHOTOROOM_API_KEY = defineSecret('PHOTOROOM_API_KEY');

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

/*
 * Instance counts are deploy-time settings (docs/firebase.md, "Capacity"): a warm `api` instance
 * takes the first request of a quiet hour without a cold start, at the price of an idle instance.
 */
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', {
  default: 0,
  description: 'Warm instances of the api function (account, marketplace, checkout, webhooks); 1 removes most cold starts',
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
