/**
 * A seller's eBay connection (issue 41): the plan it needs, eBay's consent and its callback, the
 * refresh token sealed in the backend-only store, access tokens minted from it and kept in memory
 * until they expire, and disconnecting. A refresh token eBay no longer accepts is deleted, and the
 * seller is asked to connect again.
 */
import { randomUUID } from 'node:crypto';
import { EBAY_MESSAGES, marketplacesAllowed, MESSAGES, type EbayConnection, type PriceIdConfig } from '@flipstage/core';
import { EbayAuthRevoked, EbayUnavailable, type EbayApi, type EbayStore } from '../ports/ebay.js';
import type { Store } from '../ports/store.js';
import type { Logger } from '../logs.js';
import { ServiceError } from './errors.js';
import type { TokenKeys } from './ebayTokens.js';

/** What the eBay services need, built once per app (wiring). */
export interface EbaySetup {
  api: EbayApi;
  records: EbayStore;
  keys: TokenKeys;
  /** eBay's marketplace account deletion notifications: the token set in eBay's developer portal, and our endpoint's URL. */
  deletion: { verificationToken: string; endpoint: string };
}

export interface EbayDeps {
  ebay: EbaySetup;
  store: Store;
  priceIds: PriceIdConfig;
  siteOrigins: readonly string[];
  logger: Logger;
}

const CONSENT_MINUTES = 15;
/** An access token is renewed this long before eBay says it expires, so a call never carries a dying one. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export async function requireMarketplacesPlan(deps: Pick<EbayDeps, 'store' | 'priceIds'>, uid: string): Promise<void> {
  const customer = (await deps.store.getAccount(uid))?.customer;
  if (!marketplacesAllowed(customer?.stripePriceId, customer?.stripeSubscriptionStatus, deps.priceIds))
    throw new ServiceError('forbidden', MESSAGES.marketplacesNeedPlan);
}

export async function ebayConnection(deps: EbayDeps, uid: string): Promise<EbayConnection> {
  const customer = (await deps.store.getAccount(uid))?.customer;
  const allowed = marketplacesAllowed(customer?.stripePriceId, customer?.stripeSubscriptionStatus, deps.priceIds);
  const record = allowed ? await deps.ebay.records.getConnection(uid) : null;
  return {
    allowed,
    connected: record !== null,
    ebayUsername: record?.ebayUsername ?? null,
    choices: record?.choices ?? null,
  };
}

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

/**
 * eBay's redirect after the seller decided: the code becomes tokens, and the refresh token is
 * sealed and stored. Returns where to send the browser: back to the page the seller came from,
 * saying how it went (`?ebay=connected|declined|failed`).
 */
export async function finishConsent(
  deps: EbayDeps,
  query: { code?: string; state?: string },
  now = Date.now(),
): Promise<string> {
  const payload = query.state ? deps.ebay.keys.verify(query.state) : null;
  const state = payload ? (JSON.parse(payload) as ConsentState) : null;
  const site = deps.siteOrigins[0] ?? '';
  if (!state || state.expiresAt < now) return `${site}/?ebay=failed`;
  const back = (outcome: string) => {
    const url = new URL(state.returnTo, site);
    url.searchParams.set('ebay', outcome);
    return url.toString();
  };
  if (!query.code) return back('declined');
  try {
    await requireMarketplacesPlan(deps, state.uid);
    const tokens = await deps.ebay.api.exchangeCode(query.code);
    const user = await deps.ebay.api.user(tokens.accessToken);
    const at = new Date(now).toISOString();
    await deps.ebay.records.saveConnection({
      uid: state.uid,
      ebayUserId: user.userId,
      ebayUsername: user.username || null,
      refreshTokenSealed: deps.ebay.keys.seal(tokens.refreshToken),
      refreshExpiresAt: new Date(now + tokens.refreshTokenExpiresIn * 1000).toISOString(),
      connectedAt: at,
      ordersCheckedAt: at,
    });
    return back('connected');
  } catch (error) {
    deps.logger.write('WARNING', 'an eBay connection could not be completed', {
      uid: state.uid,
      error: error instanceof Error ? error.message : String(error),
    });
    return back('failed');
  }
}

export interface EbayAccess {
  /** Runs `call` with the seller's access token, renewing it once if eBay refuses it. */
  asSeller<T>(uid: string, call: (token: string) => Promise<T>): Promise<T>;
  forget(uid: string): void;
}

export function ebayAccess(deps: Pick<EbayDeps, 'ebay'>, clock: () => number = Date.now): EbayAccess {
  const held = new Map<string, { token: string; expiresAt: number }>();

  async function mint(uid: string): Promise<string> {
    const record = await deps.ebay.records.getConnection(uid);
    if (!record) throw new ServiceError('conflict', EBAY_MESSAGES.notConnected);
    const refreshToken = deps.ebay.keys.open(record.refreshTokenSealed);
    if (!refreshToken) throw await revoked(uid);
    const { accessToken, expiresIn } = await deps.ebay.api.refresh(refreshToken);
    held.set(uid, { token: accessToken, expiresAt: clock() + expiresIn * 1000 - EXPIRY_MARGIN_MS });
    return accessToken;
  }

  /** The stored token is of no more use: it goes, and the seller is asked to connect again. */
  async function revoked(uid: string): Promise<ServiceError> {
    held.delete(uid);
    await deps.ebay.records.deleteConnection(uid);
    return new ServiceError('conflict', EBAY_MESSAGES.connectAgain);
  }

  const asService = (error: unknown) =>
    error instanceof EbayUnavailable
      ? new ServiceError('unavailable', EBAY_MESSAGES.ebayUnavailable, { cause: error })
      : error;

  return {
    async asSeller(uid, call) {
      const cached = held.get(uid);
      try {
        if (cached && cached.expiresAt > clock()) {
          try {
            return await call(cached.token);
          } catch (error) {
            // Revoked since it was minted, or expired early: one new token decides.
            if (!(error instanceof EbayAuthRevoked)) throw error;
          }
        }
        const token = await mint(uid);
        return await call(token);
      } catch (error) {
        if (error instanceof EbayAuthRevoked) throw await revoked(uid);
        throw asService(error);
      }
    },
    forget: (uid) => held.delete(uid),
  };
}
