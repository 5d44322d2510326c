/**
 * What reaches other people (a conversation, an offer, a listing) needs a signed-up person whose
 * address is verified (issue 40): a visitor's anonymous session or a throwaway address could
 * otherwise start threads whose notices FlipStage mails to strangers. Runs after sign-in is checked.
 */
import type { RequestHandler } from 'express';
import { MESSAGES } from '@flipstage/core';
import { personStanding } from '../services/accounts.js';
import { ServiceError } from '../services/errors.js';
import { currentUser } from './auth.js';

export function requireVerifiedPerson(needVerifiedEmail: boolean): RequestHandler {
  return (_req, res, next) => {
    const standing = personStanding(currentUser(res), needVerifiedEmail);
    if (standing === 'visitor') throw new ServiceError('forbidden', MESSAGES.writeNeedsAccount);
    if (standing === 'unverified') throw new ServiceError('forbidden', MESSAGES.writeNeedsVerifiedEmail);
    next();
  };
}
