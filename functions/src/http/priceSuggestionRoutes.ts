/** GET /api/listings/price-suggestion (issue 42): a price range from FlipStage's own sales, for a seller writing a listing. */
import { Router } from 'express';
import { parseWith, priceSuggestionQuerySchema, type PriceSuggestion } from '@flipstage/core';
import type { Identity } from '../ports/identity.js';
import type { Store } from '../ports/store.js';
import { invalid } from '../services/errors.js';
import { suggestPrice } from '../services/priceSuggestion.js';
import { requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';

export function priceSuggestionRoutes(deps: { store: Store; identity: Identity; fairUse: FairUseGates }): Router {
  const router = Router();
  // Counted as a listing write: it is asked while writing one, and each ask reads up to three queries of sales.
  router.get('/listings/price-suggestion', requireUser(deps.identity), deps.fairUse.listingWrites, async (req, res) => {
    const query = parseWith(priceSuggestionQuerySchema, req.query, invalid);
    res.json((await suggestPrice(deps.store, query)) satisfies PriceSuggestion);
  });
  return router;
}
