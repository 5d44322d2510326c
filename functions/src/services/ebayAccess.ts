/**
 * A seller's eBay connection (issue 41): the plan it needs, the refresh token sealed in the
 * backend-only store (consent in ebayConsent.ts), access tokens minted from it and kept in memory
 * until they expire. A refresh token eBay no longer accepts is deleted, and the seller is asked to
 * connect again.
 */
import { EBAY_MESSAGES, type EbayConnection, type PriceIdConfig } from '@flipstage/core';
import { EbayAuthRevoked, EbayUnavailable, type EbayApi, type EbayStore } from '../ports/ebay.js';
import type { Store } from '../ports/store.js';
import type { Logger } from '../logs.js';
import { ServiceError } from './errors.js';
import type { TokenKeys } from './ebayTokens.js';
import { hasMarketplacesPlan } from './marketplacePlan.js';

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

/** An access token is renewed this long before eBay says it expires, so a call never carries a dying one. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export async function ebayConnection(deps: EbayDeps, uid: string): Promise<EbayConnection> {
  const allowed = await hasMarketplacesPlan(deps, uid);
  const record = allowed ? await deps.ebay.records.getConnection(uid) : null;
  return {
    allowed,
    connected: record !== null,
    ebayUsername: record?.ebayUsername ?? null,
    choices: record?.choices ?? null,
  };
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
