/**
 * POST /api/stage: the multipart form of core's contracts/stage.ts, and an Idempotency-Key header.
 * POST /api/stage/preview: the same form, judged by the engine without a charge.
 */
import { Router, type RequestHandler, type Response } from 'express';
import {
  IDEMPOTENCY_HEADER,
  MAX_INPUT_BYTES,
  MESSAGES,
  STAGE_FILE_FIELD,
  stageTextFields,
  type StagePreview,
  type StageResponse,
} from '@flipstage/core';
import type { AppConfig } from '../config.js';
import type { AppCheckVerifier } from '../ports/appCheck.js';
import type { Identity } from '../ports/identity.js';
import type { PhotoAnalysis } from '../ports/analysis.js';
import type { CustomerDoc } from '../ports/store.js';
import { previewStaging } from '../services/stagePreview.js';
import { isVisitor } from '../services/accounts.js';
import { customerWhoCanStage, stageImage, type StagingDeps } from '../services/staging.js';
import { requireAppCheckForVisitors, requireAppCheckOrVerifiedPerson } from './appCheck.js';
import { currentUser, requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';
import { parseMultipart } from './multipart.js';
import { requestLogger } from './requestContext.js';

/** A photo over the byte limit is told the limit, in MB; the web app and the CLI shrink photos before it comes to that. */
const PHOTO_TOO_LARGE = MESSAGES.photoTooLarge(MAX_INPUT_BYTES / 2 ** 20);

/** The customer the credit check (canStage below) read; a handler mounted without that check is a bug, not a 4xx. */
function checkedCustomer(res: Response): CustomerDoc {
  const customer = res.locals.customer as CustomerDoc | undefined;
  if (!customer) throw new Error('the staging handler ran without the credit check before it');
  return customer;
}

/**
 * No App Check for an account: staging spends the caller's own credits, and the CLI has no token
 * (http/appCheck.ts). A signed-out visitor's free tries need one, and their results are held, not
 * saved as image edits, until they sign up (spec §6).
 */
export function stageRoutes(
  deps: Omit<StagingDeps, 'logger'> & {
    identity: Identity;
    fairUse: FairUseGates;
    analysis: PhotoAnalysis;
    appCheck: AppCheckVerifier;
    config: Pick<AppConfig, 'appCheck' | 'verifiedEmailRequired'>;
  },
): Router {
  const router = Router();
  const signedInUser = requireUser(deps.identity);
  const signedIn = [signedInUser, requireAppCheckForVisitors(deps.appCheck, deps.config.appCheck)];
  // Rate, credit and upload-slot checks all come before a byte of the upload is read.
  const canStage: RequestHandler = async (_req, res, next) => {
    res.locals.customer = await customerWhoCanStage(deps.store, currentUser(res).uid);
    next();
  };
  router.post('/stage', ...signedIn, deps.fairUse.staging, canStage, deps.fairUse.upload, async (req, res) => {
    const user = currentUser(res);
    const body = await parseMultipart(req, {
      fileFields: [STAGE_FILE_FIELD],
      maxFiles: 1,
      maxFileBytes: MAX_INPUT_BYTES,
      fileTooLargeMessage: PHOTO_TOO_LARGE,
    });
    const result = await stageImage(
      { ...deps, logger: requestLogger(res) },
      {
        uid: user.uid,
        customer: checkedCustomer(res),
        held: isVisitor(user),
        idempotencyKey: req.get(IDEMPOTENCY_HEADER),
        image: body.files.get(STAGE_FILE_FIELD)?.[0] ?? null,
        fields: stageTextFields(body.fields),
      },
    );
    res.json(result satisfies StageResponse);
  });
  // Signed in, like staging, but no credit needed: a seller out of credits still sees why a photo
  // would fail. Free CPU, so it comes from the app or from a verified person.
  const fromAppOrVerified = requireAppCheckOrVerifiedPerson(
    deps.appCheck,
    deps.config.appCheck,
    deps.config.verifiedEmailRequired,
  );
  const previewing = [signedInUser, fromAppOrVerified, deps.fairUse.staging, deps.fairUse.upload];
  router.post('/stage/preview', ...previewing, async (req, res) => {
    const body = await parseMultipart(req, {
      fileFields: [STAGE_FILE_FIELD],
      maxFiles: 1,
      maxFileBytes: MAX_INPUT_BYTES,
      fileTooLargeMessage: PHOTO_TOO_LARGE,
    });
    const preview = await previewStaging(deps, {
      image: body.files.get(STAGE_FILE_FIELD)?.[0] ?? null,
      fields: stageTextFields(body.fields),
    });
    res.json(preview satisfies StagePreview);
  });
  return router;
}
