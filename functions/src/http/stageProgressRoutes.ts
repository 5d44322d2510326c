/**
 * GET /api/stage/progress?key=…: how far the caller's staging with that Idempotency-Key has got,
 * as core's contracts/stageProgress.ts says, or 404. A light route: any instance reads the
 * progress from the store, so the polls never take a staging instance's slots.
 */
import { Router } from 'express';
import { STAGE_PROGRESS_KEY_PARAM, type StageProgress } from '@flipstage/core';
import type { Identity } from '../ports/identity.js';
import type { Store } from '../ports/store.js';
import { readStageProgress } from '../services/stageProgress.js';
import { currentUser, requireUser } from './auth.js';

export function stageProgressRoutes(deps: { store: Store; identity: Identity }): Router {
  const router = Router();
  router.get('/stage/progress', requireUser(deps.identity), async (req, res) => {
    const progress = await readStageProgress(deps.store, currentUser(res).uid, req.query[STAGE_PROGRESS_KEY_PARAM]);
    // Each poll must reach the store: a cached answer would freeze the bar.
    res.set('Cache-Control', 'no-store').json(progress satisfies StageProgress);
  });
  return router;
}
