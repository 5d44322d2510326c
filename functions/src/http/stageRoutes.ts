/** POST /api/stage: multipart imageFile + prompt, style, furnitureType, mode, optional size; Idempotency-Key header. */
import { Router } from 'express';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import type { Identity } from '../ports.js';
import { MAX_INPUT_BYTES } from '../engine/index.js';
import { stageImage, type StagingDeps } from '../services/staging.js';
import { currentUser, requireUser } from './auth.js';
import { parseMultipart } from './multipart.js';
import { requestLogger } from './requestContext.js';

export function stageRoutes(deps: Omit<StagingDeps, 'logger'> & { identity: Identity }): Router {
  const router = Router();
  router.post('/stage', requireUser(deps.identity), async (req, res) => {
    const user = currentUser(res);
    const body = await parseMultipart(req, { fileFields: ['imageFile'], maxFiles: 1, maxFileBytes: MAX_INPUT_BYTES });
    const result = await stageImage(
      { ...deps, logger: requestLogger(res) },
      {
        uid: user.uid,
        idempotencyKey: req.get(IDEMPOTENCY_HEADER),
        image: body.files.get('imageFile')?.[0] ?? null,
        fields: {
          prompt: body.fields.prompt,
          style: body.fields.style,
          furnitureType: body.fields.furnitureType,
          mode: body.fields.mode,
          size: body.fields.size,
        },
      },
    );
    res.json(result);
  });
  return router;
}
