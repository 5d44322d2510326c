/**
 * App Check (issue 23): what is given away must be asked for from the app, proven by a Firebase
 * App Check token in X-Firebase-AppCheck. A script that signs up in a loop has none, so it never
 * receives the sign-up credits (attestApp on the account calls) and cannot open checkout or the
 * billing portal (requireAppCheck). Staging spends the caller's own credits, which only the app
 * or a payment can have given, so it needs no token: the `flipstage` CLI, which has none, keeps
 * working; a signed-out visitor's staging (free tries, issue 24) needs one. APP_CHECK=off trusts every call. Both run after sign-in is checked, so a signed-out
 * caller is still told to sign in, and a token that is sent but fails is refused either way.
 */
import type { Request, RequestHandler } from 'express';
import { APP_CHECK_HEADER, MESSAGES } from '@flipstage/core';
import type { AppCheckMode } from '../config.js';
import { InvalidAppCheckToken, type AppCheckVerifier } from '../ports/appCheck.js';
import type { VerifiedIdentity } from '../ports/identity.js';
import { isVisitor, personStanding } from '../services/accounts.js';
import { ServiceError } from '../services/errors.js';
import { currentUser } from './auth.js';

/** Whether the request carries a valid token: false without one, 401 with one that fails or was used up. */
async function attested(verifier: AppCheckVerifier, req: Request, consume = false): Promise<boolean> {
  const token = req.get(APP_CHECK_HEADER)?.trim();
  if (!token) return false;
  try {
    await verifier.verifyToken(token, { consume });
    return true;
  } catch (error) {
    if (error instanceof InvalidAppCheckToken)
      throw new ServiceError('unauthenticated', MESSAGES.appCheckInvalid, { cause: error });
    throw error;
  }
}

/** Refuses a call without a valid token (401). */
export function requireAppCheck(verifier: AppCheckVerifier, mode: AppCheckMode): RequestHandler {
  if (mode === 'off') return (_req, _res, next) => next();
  return async (req, _res, next) => {
    if (!(await attested(verifier, req))) throw new ServiceError('unauthenticated', MESSAGES.appCheckRequired);
    next();
  };
}

/**
 * Staging for a signed-out visitor (an anonymous user, spending free tries that anyone could make
 * by the thousand) needs a valid token; a real account's staging does not (the CLI has none).
 */
export function requireAppCheckForVisitors(verifier: AppCheckVerifier, mode: AppCheckMode): RequestHandler {
  const required = requireAppCheck(verifier, mode);
  return (req, res, next) => (isVisitor(currentUser(res)) ? required(req, res, next) : next());
}

/**
 * Work that costs CPU but no credit (the preview) must come from the app or from a verified person:
 * a throwaway account's script would otherwise have it free, a photo at a time (issue 40). The CLI
 * has no token, but its accounts are verified ones.
 */
export function requireAppCheckOrVerifiedPerson(
  verifier: AppCheckVerifier,
  mode: AppCheckMode,
  needVerifiedEmail: boolean,
): RequestHandler {
  const required = requireAppCheck(verifier, mode);
  return (req, res, next) =>
    personStanding(currentUser(res), needVerifiedEmail) === 'verified' && !req.get(APP_CHECK_HEADER)?.trim()
      ? next()
      : required(req, res, next);
}

/**
 * Lets the call through and records on the signed-in user whether it came from the app. The
 * account calls, which grant the sign-up credits and the free tries, take a limited-use token and
 * use it up (`consume`), so a token lifted from one call grants nothing a second time.
 */
export function attestApp(
  verifier: AppCheckVerifier,
  mode: AppCheckMode,
  options: { consume?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    const appAttested = mode === 'off' || (await attested(verifier, req, options.consume));
    res.locals.user = { ...currentUser(res), appAttested } satisfies VerifiedIdentity;
    next();
  };
}
