/**
 * Cloud Functions entry (DESIGN §1, §6a): wiring only. Three functions, each sized for its work,
 * serving the one Express app the local host mounts whole:
 *
 * - `api`: account, marketplace, checkout, billing portal and Stripe webhooks. Light and many at
 *   once; Hosting rewrites /api/** to it.
 * - `stage`: POST /api/stage, which decodes a photo and runs a stager, and POST
 *   /api/stage/preview, the engine's look at a photo before a charge. Hosting rewrites both to it.
 * - `sweepAbandonedStagings`: the schedule that refunds stagings whose request died.
 * - `checkEbaySales`: the schedule that marks sold here what sold on eBay (issue 41).
 * - `booksPieceWritten`, `booksCostWritten`: the Firestore triggers that keep each seller's books
 *   totals (issue 42), and `purgeDeletedPieces`, the schedule that ends a deleted piece's 30 days.
 *
 * Loading this module imports no image code (sharp, onnxruntime, libheif), nor the app itself:
 * each function loads what it serves on its first call, and the ports that decode images load
 * their code on first use, so the sweeper and the light function never do. Params and secrets are
 * read inside the first request, never at module load, and each app is built once per instance.
 * Cloud Functions has already read the request body when the app sees it (req.rawBody); the
 * multipart parser and the Stripe webhook route use those bytes.
 */
import type { Request, Response } from 'express';
import { onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import { onDocumentWritten } from 'firebase-functions/firestore';
import type { ApiArea } from './http/app.js';
import * as params from './params.js';

const REGION = 'us-central1';

/** The secrets each function is given: a function reads only what it was granted. */
const EBAY_SECRETS = [params.EBAY_CLIENT_SECRET, params.EBAY_TOKEN_KEY];
const LIGHT_SECRETS = [params.STRIPE_SECRET_KEY, params.STRIPE_WEBHOOK_SECRET, ...EBAY_SECRETS];
const STAGING_SECRETS = [params.PHOTOROOM_API_KEY];

/**
 * A request handler that loads its area's app on the first request. The app's code (core,
 * Firestore, Auth, Stripe, Express) loads then, not with this module: a deploy reads the function
 * declarations quickly, and each function loads only what it serves.
 */
function serve(area: ApiArea): (req: Request, res: Response) => Promise<void> {
  let handler: Promise<(req: Request, res: Response) => void> | undefined;
  return async (req, res) => {
    handler ??= import('./functionApps.js').then((apps) => apps.areaHandler(area));
    (await handler)(req, res);
  };
}

/**
 * Light work waits on Firestore, Stripe and Auth, so one instance takes many requests at once.
 * 1 GiB leaves room for the listing photos it decodes (at most 4 uploads at once an instance,
 * services/fairUse.ts). 60 s is Hosting's cut-off for a rewritten request.
 */
export const api = onRequest(
  {
    region: REGION,
    memory: '1GiB',
    cpu: 1,
    concurrency: 80,
    timeoutSeconds: 60,
    minInstances: params.API_MIN_INSTANCES,
    maxInstances: params.API_MAX_INSTANCES,
    secrets: LIGHT_SECRETS,
  },
  serve('light'),
);

/**
 * Sized for the built-in engine, which runs when no Photoroom key is set: 2 vCPUs (the model uses
 * both), 2 GiB (the local host peaks at about 1 GiB staging two at a time, bench:engine), and 8
 * stagings an instance (model runs queue; Photoroom calls mostly wait). The engine runs on
 * ENGINE_WORKERS worker threads, so one staging never holds up the other requests of the instance.
 * Staging gives up at STAGE_DEADLINE_MS, inside the 60 s, and refunds.
 */
export const stage = onRequest(
  {
    region: REGION,
    memory: '2GiB',
    cpu: params.STAGE_VCPUS,
    concurrency: 8,
    timeoutSeconds: 60,
    minInstances: params.STAGE_MIN_INSTANCES,
    maxInstances: params.STAGE_MAX_INSTANCES,
    secrets: STAGING_SECRETS,
  },
  serve('staging'),
);

/** Refunds stagings whose request died (a killed instance cannot refund its own). */
export const sweepAbandonedStagings = onSchedule(
  { schedule: 'every 5 minutes', region: REGION, memory: '256MiB', timeoutSeconds: 120 },
  async () => {
    const { sweepAbandonedStagings } = await import('./functionApps.js');
    await sweepAbandonedStagings();
  },
);

/**
 * A piece sold on eBay is marked sold here, and its seller told (issue 41): eBay's orders are read
 * every 15 minutes, which is soon enough for a second buyer not to be promised a sold piece for long.
 */
export const checkEbaySales = onSchedule(
  {
    schedule: 'every 15 minutes',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 300,
    secrets: EBAY_SECRETS,
  },
  async () => {
    const { checkEbaySales } = await import('./functionApps.js');
    await checkEbaySales();
  },
);

/**
 * The books' totals (issue 42): any write to a piece or its cost lines brings its seller's totals
 * (books/{uid} and its months) up to date with that piece. The handler reads the piece as it is now
 * and applies only the difference from what it last applied, so Firestore's at-least-once delivery
 * (a retried or repeated event) changes nothing twice. Retried on failure, so no write is missed.
 */
async function keepBookTotals(pieceId: string): Promise<void> {
  const { keepBookTotals } = await import('./functionApps.js');
  await keepBookTotals(pieceId);
}

export const booksPieceWritten = onDocumentWritten(
  { document: 'pieces/{pieceId}', region: REGION, memory: '256MiB', retry: true },
  (event) => keepBookTotals(event.params.pieceId),
);

export const booksCostWritten = onDocumentWritten(
  { document: 'pieces/{pieceId}/costs/{costId}', region: REGION, memory: '256MiB', retry: true },
  (event) => keepBookTotals(event.params.pieceId),
);

/** A deleted piece can be restored for 30 days; once a day, those past it go for good. */
export const purgeDeletedPieces = onSchedule(
  { schedule: 'every 24 hours', region: REGION, memory: '256MiB', timeoutSeconds: 300 },
  async () => {
    const { purgeDeletedBookPieces } = await import('./functionApps.js');
    await purgeDeletedBookPieces();
  },
);
