/** Bearer ID-token authentication through the Identity port. */
import type { Request, RequestHandler, Response } from 'express';
import { MESSAGES } from '@flipstage/core';
import type { Identity, VerifiedIdentity } from '../ports/identity.js';
import { ServiceError } from '../services/errors.js';

function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** 401 without a token ('Please sign in to continue.') or with a bad one (InvalidIdToken → 401). */
export function requireUser(identity: Identity): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new ServiceError('unauthenticated', MESSAGES.signInRequired);
    res.locals.user = await identity.verifyIdToken(token);
    next();
  };
}

/** Signed-in callers are identified; anonymous ones pass through. A bad token is still a 401. */
export function optionalUser(identity: Identity): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (token) res.locals.user = await identity.verifyIdToken(token);
    next();
  };
}

export function currentUser(res: Response): VerifiedIdentity {
  const user = res.locals.user as VerifiedIdentity | undefined;
  if (!user) throw new ServiceError('unauthenticated', MESSAGES.signInRequired);
  return user;
}

export function maybeUser(res: Response): VerifiedIdentity | null {
  return (res.locals.user as VerifiedIdentity | undefined) ?? null;
}
