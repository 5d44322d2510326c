/**
 * The simulated eBay whole: its REST APIs, OAuth and its pages, on one router. Local mode mounts it
 * at /dev/ebay on the local host; the tests serve it on node:http (test/helpers/ebayStandIn.ts).
 */
import { Router } from 'express';
import { simulatedEbayApi, type SimulatedEbayOptions } from './simulatedEbay.js';
import { simListingPages } from './simPages.js';

export type { SimApp } from './simOAuth.js';
export { createSimSigner, type SimSigner } from './simSigner.js';
export { simMemory, SIM_POLICIES, SIM_SELLER, type SimMemory, type SimState } from './simState.js';

export function simulatedEbay(options: SimulatedEbayOptions): Router {
  const router = Router();
  router.use(simulatedEbayApi(options));
  router.use(simListingPages(options.memory, options.now));
  return router;
}
