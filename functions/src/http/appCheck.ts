/**
 * The App Check gate (issue 23): calls that cost money or grant credits (staging, checkout, the
 * billing portal, the account) must come from the app, proven by a Firebase App Check token in
 * X-Firebase-AppCheck. A script that signs up in a loop has none. APP_CHECK=off lets them through.
 * Mounted after sign-in is checked, so a signed-out caller is still told to sign in.
 */
import type { RequestHandler } from 'express';
import { APP_CHECK_HEADER, MESSAGES } from '@flipstage/core';
import type { AppCheckMode } from '../config.js';
import { InvalidAppCheckToken, type AppCheckVerifier } from '../ports/appCheck.js';
import { ServiceError } from '../services/errors.js';

export function requireAppCheck(verifier: AppCheckVerifier, mode: AppCheckMode): RequestHandler {
  if (mode === 'off') return (_req, _res, next) => next();
  return async (req, _res, next) => {
    const token = req.get(APP_CHECK_HEADER)?.trim();
    if (!token) throw new ServiceError('unauthenticated', MESSAGES.appCheckRequired);
    try {
      await verifier.verifyToken(token);
    } catch (error) {
      if (error instanceof InvalidAppCheckToken)
        throw new ServiceError('unauthenticated', MESSAGES.appCheckInvalid, { cause: error });
      throw error;
    }
    next();
  };
}
