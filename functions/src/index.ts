/**
 * Cloud Functions entry (DESIGN §1, §6a): wiring only. `api` serves /api/** (Hosting rewrites
 * to it) with the same Express app the local host mounts. Params and secrets are read inside the
 * first request, never at deploy-time module load, and the app is built once per instance.
 *
 * Cloud Functions has already read the request body when the app sees it (req.rawBody); the
 * app's multipart parser and Stripe webhook route use those bytes.
 */
import type { Express } from 'express';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import * as logger from 'firebase-functions/logger';
import { defineBoolean, defineInt, defineSecret, defineString, projectID } from 'firebase-functions/params';
import { apiError, MESSAGES } from '@flipstage/core';
import { createApp } from './http/app.js';
import { loadConfig } from './config.js';
import { createFirebaseDeps } from './wiring/firebase.js';
import { createFirestoreStore } from './adapters/firebase/firestoreStore.js';
import { createFunctionsLogger } from './adapters/firebase/functionsLogger.js';
import { refundAbandonedStages } from './services/abandonedStages.js';

const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
const PHOTOROOM_API_KEY = defineSecret('PHOTOROOM_API_KEY');
const STORAGE_TOKEN_SECRET = defineSecret('STORAGE_TOKEN_SECRET');

const STRIPE_PRICE_BASE = defineString('STRIPE_PRICE_BASE', {
  description: 'Stripe price id of the Base plan ($8/month, 25 images)',
});
const STRIPE_PRICE_FLIPPER = defineString('STRIPE_PRICE_FLIPPER', {
  description: 'Stripe price id of the Flipper plan ($9/month, 50 images)',
});
const STRIPE_PRICE_PREMIUM = defineString('STRIPE_PRICE_PREMIUM', {
  description: 'Stripe price id of the Premium plan ($79/month, 450 images)',
});
const TRIAL_DAYS = defineInt('TRIAL_DAYS', {
  default: 7,
  description: 'Free-trial days on a customer’s first subscription (0 for none)',
});
const MERGE_DB_USER = defineBoolean('MERGE_DB_USER', {
  default: true,
  description:
    'Merge the Firestore account (credits, plan) into the signed-in user; false answers from the ID token alone',
});
const SITE_URL = defineString('SITE_URL', {
  default: '',
  description:
    'The site’s origin, e.g. https://flipstage.app (several comma-separated); checkout and billing portal redirects must stay on it. Empty: the project’s Hosting domains',
});
const PHOTOROOM_MODEL_VERSION = defineString('PHOTOROOM_MODEL_VERSION', {
  default: '',
  description: 'Optional Photoroom background model (pr-ai-background-model-version); empty for the default',
});

function buildApp(): Express {
  logger.info('building the api app');
  const config = loadConfig(
    {
      STRIPE_PRICE_BASE: STRIPE_PRICE_BASE.value(),
      STRIPE_PRICE_FLIPPER: STRIPE_PRICE_FLIPPER.value(),
      STRIPE_PRICE_PREMIUM: STRIPE_PRICE_PREMIUM.value(),
      TRIAL_DAYS: String(TRIAL_DAYS.value()),
      MERGE_DB_USER: String(MERGE_DB_USER.value()),
      SITE_URL: SITE_URL.value(),
    },
    { defaultSiteUrl: `https://${projectID.value()}.web.app,https://${projectID.value()}.firebaseapp.com` },
  );
  return createApp(
    createFirebaseDeps(getApps()[0] ?? initializeApp(), {
      config,
      stripeSecretKey: STRIPE_SECRET_KEY.value(),
      stripeWebhookSecret: STRIPE_WEBHOOK_SECRET.value(),
      storageTokenSecret: STORAGE_TOKEN_SECRET.value(),
      stager: {
        PHOTOROOM_API_KEY: PHOTOROOM_API_KEY.value(),
        PHOTOROOM_MODEL_VERSION: PHOTOROOM_MODEL_VERSION.value(),
      },
    }),
  );
}

let app: Express | undefined;

/** Refunds stagings whose request died (a killed instance cannot refund its own). */
export const sweepAbandonedStagings = onSchedule(
  { schedule: 'every 5 minutes', region: 'us-central1', timeoutSeconds: 120 },
  async () => {
    const app = getApps()[0] ?? initializeApp();
    await refundAbandonedStages({
      store: createFirestoreStore(getFirestore(app)),
      logger: createFunctionsLogger({ job: 'sweepAbandonedStagings' }),
    });
  },
);

/**
 * Sized for the built-in engine, which runs when no Photoroom key is set: 2 vCPUs (the model uses
 * both), 2 GiB (the local host peaks at about 800 MiB staging two at a time, bench:engine), and 8
 * requests an instance (model runs queue one at a time; listings and Photoroom calls mostly wait).
 * 60 s matches Hosting's cut-off; staging itself gives up at STAGE_DEADLINE_MS and refunds.
 */
export const api = onRequest(
  {
    region: 'us-central1',
    memory: '2GiB',
    cpu: 2,
    concurrency: 8,
    timeoutSeconds: 60,
    maxInstances: 10,
    secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PHOTOROOM_API_KEY, STORAGE_TOKEN_SECRET],
  },
  (req, res) => {
    try {
      app ??= buildApp();
    } catch (error) {
      // A configuration mistake (say, an invalid TRIAL_DAYS): say so in the logs, answer like any
      // other server error, and try again on the next request.
      logger.error('the api app could not be built', error);
      res.status(500).json(apiError(MESSAGES.internalError));
      return;
    }
    app(req, res);
  },
);
