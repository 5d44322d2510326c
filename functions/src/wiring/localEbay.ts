/**
 * eBay in local mode (issue 41): with no eBay keys, a simulated eBay on the local host at
 * /dev/ebay, which the real fetch adapter talks to as it would to eBay, so `npm start` shows the
 * whole feature with no eBay account; with EBAY_CLIENT_ID (and its secret and RuName) set, eBay
 * itself, sandbox or production. The key that seals refresh tokens is generated into the data
 * folder (ebay/token-key) unless EBAY_TOKEN_KEY is set; the simulation's state is kept beside it.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Router } from 'express';
import { EBAY_PATHS } from '@flipstage/core';
import { loadEbaySettings } from '../adapters/ebay/ebaySettings.js';
import { loadOrCreateKey } from '../adapters/local/localKeys.js';
import { createSimSigner, simMemory, simulatedEbay } from '../adapters/local/simulatedEbay/index.js';
import { DEV_ROUTE } from '../adapters/local/simulatedPayments.js';
import type { EbayStore } from '../ports/ebay.js';
import type { EbaySetup } from '../services/ebayAccess.js';
import { ebaySetup } from './ebay.js';

export const SIMULATED_EBAY_ROUTE = `${DEV_ROUTE}/ebay`;
/** The data folder's eBay part (backed up with the rest: backupArchive.ts's FILE_PARTS). */
export const EBAY_DATA_PART = 'ebay';

/** The simulated eBay's app: its keys mean nothing outside this machine. */
const SIMULATED_APP = {
  clientId: 'FlipStage-local-SIM',
  clientSecret: 'SIM-local-client-secret',
  ruName: 'FlipStage-local-RuName',
};

export function localEbay(options: {
  env: Record<string, string | undefined>;
  dataDir: string;
  /** The local host's API origin, e.g. http://127.0.0.1:5050. */
  baseUrl: string;
  records: EbayStore;
}): { setup: EbaySetup; simulator: Router | null } {
  const folder = join(options.dataDir, EBAY_DATA_PART);
  const tokenKey =
    options.env.EBAY_TOKEN_KEY?.trim() ||
    loadOrCreateKey(join(folder, 'token-key'), () => randomBytes(32).toString('base64url'));
  const real = loadEbaySettings({ ...options.env, EBAY_TOKEN_KEY: tokenKey }, options.baseUrl);
  if (real) return { setup: ebaySetup(real, options.records), simulator: null };

  const simulatorUrl = `${options.baseUrl}${SIMULATED_EBAY_ROUTE}`;
  const callback = `${options.baseUrl}${EBAY_PATHS.callback}`;
  const simulator = simulatedEbay({
    app: { ...SIMULATED_APP, acceptUrl: callback, declineUrl: callback },
    memory: simMemory(join(folder, 'simulated-ebay.json')),
    baseUrl: simulatorUrl,
    signer: createSimSigner(),
  });
  const settings = loadEbaySettings(
    {
      EBAY_CLIENT_ID: SIMULATED_APP.clientId,
      EBAY_CLIENT_SECRET: SIMULATED_APP.clientSecret,
      EBAY_RUNAME: SIMULATED_APP.ruName,
      EBAY_TOKEN_KEY: tokenKey,
      EBAY_ENVIRONMENT: 'sandbox',
      EBAY_API_BASE_URL: simulatorUrl,
      EBAY_AUTH_BASE_URL: simulatorUrl,
      EBAY_VERIFICATION_TOKEN: 'simulated-ebay-verification-token',
    },
    options.baseUrl,
  )!;
  return { setup: ebaySetup(settings, options.records), simulator };
}
