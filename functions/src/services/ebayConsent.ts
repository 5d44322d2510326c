/**
 * eBay's consent (issue 41), in three steps. The signed-in seller asks for eBay's consent page;
 * the state carried through eBay is signed and names them. eBay sends the browser back to our
 * callback, which sends it on to the page the seller started from with the code in the address's
 * fragment (never sent to a server). That page, signed in, finishes the connection: so an eBay
 * account is linked only to the FlipStage account that started, never to whoever happens to open
 * a consent link someone else started (OAuth's login CSRF).
 */
import { randomUUID } from 'node:crypto';
import { EBAY_MESSAGES } from '@flipstage/core';
import { EbayAuthRevoked, EbayUnavailable } from '../ports/ebay.js';
import { ServiceError } from './errors.js';
import type { EbayDeps } from './ebayAccess.js';
import { requireMarketplacesPlan } from './marketplacePlan.js';

const CONSENT_MINUTES = 15;

interface ConsentState {
  uid: string;
  returnTo: string;
  expiresAt: number;
  nonce: string;
}

export function consentUrl(deps: EbayDeps, uid: string, returnTo: string, now = Date.now()): string {
  const state: ConsentState = { uid, returnTo, expiresAt: now + CONSENT_MINUTES * 60_000, nonce: randomUUID() };
  return deps.ebay.api.consentUrl(deps.ebay.keys.sign(JSON.stringify(state)));
}

function readState(deps: EbayDeps, signed: string | undefined, now: number): ConsentState | null {
  const payload = signed ? deps.ebay.keys.verify(signed) : null;
  const state = payload ? (JSON.parse(payload) as ConsentState) : null;
  return state && state.expiresAt >= now ? state : null;
}

/**
 * Where eBay's redirect sends the browser on: the page the seller started from, `?ebay=declined`
 * when they said no, the code and state in the fragment when they agreed; the site's home with
 * `?ebay=failed` for a state this site did not sign or that expired.
 */
export function consentReturn(deps: EbayDeps, query: { code?: string; state?: string }, now = Date.now()): string {
  const state = readState(deps, query.state, now);
  const site = deps.siteOrigins[0] ?? '';
  if (!state) return `${site}/?ebay=failed`;
  const url = new URL(state.returnTo, site);
  if (!query.code) {
    url.searchParams.set('ebay', 'declined');
    return url.toString();
  }
  url.hash = new URLSearchParams({ ebayCode: query.code, ebayState: query.state ?? '' }).toString();
  return url.toString();
}

/** The signed-in seller finishes: the code becomes tokens, the refresh token is sealed and stored. */
export async function completeConsent(
  deps: EbayDeps,
  uid: string,
  body: { code: string; state: string },
  now = Date.now(),
): Promise<void> {
  const state = readState(deps, body.state, now);
  if (!state) throw new ServiceError('invalid', EBAY_MESSAGES.consentFailed);
  if (state.uid !== uid) throw new ServiceError('forbidden', EBAY_MESSAGES.otherAccount);
  await requireMarketplacesPlan(deps, uid);
  try {
    const tokens = await deps.ebay.api.exchangeCode(body.code);
    const user = await deps.ebay.api.user(tokens.accessToken);
    const at = new Date(now).toISOString();
    await deps.ebay.records.saveConnection({
      uid,
      ebayUserId: user.userId,
      ebayUsername: user.username || null,
      refreshTokenSealed: deps.ebay.keys.seal(tokens.refreshToken),
      refreshExpiresAt: new Date(now + tokens.refreshTokenExpiresIn * 1000).toISOString(),
      connectedAt: at,
      ordersCheckedAt: at,
    });
  } catch (error) {
    if (error instanceof EbayUnavailable) throw new ServiceError('unavailable', EBAY_MESSAGES.ebayUnavailable);
    // A code used twice or too late: eBay refuses it, and the seller starts again.
    if (error instanceof EbayAuthRevoked) throw new ServiceError('invalid', EBAY_MESSAGES.consentFailed);
    throw error;
  }
}
