/**
 * The simulated eBay's memory: its one seller's tokens, pictures, inventory, offers and orders,
 * kept in a JSON file when given one (local mode keeps them across restarts; the tests keep none).
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { writeFileAtomically } from '../atomicFile.js';

export interface SimOffer {
  offerId: string;
  userId: string;
  sku: string;
  body: Record<string, unknown>;
  status: 'UNPUBLISHED' | 'PUBLISHED' | 'ENDED';
  listingId?: string;
}

export interface SimState {
  codes: Record<string, { userId: string; expiresAt: number }>;
  refreshTokens: Record<string, { userId: string; expiresAt: number; revoked: boolean }>;
  accessTokens: Record<string, { userId: string; expiresAt: number }>;
  /** Pictures eBay hosts, by id: the longer side decides whether a listing may use them. */
  images: Record<string, { longSide: number; contentType: string; data: string }>;
  items: Record<string, Record<string, unknown>>;
  offers: Record<string, SimOffer>;
  orders: { orderId: string; userId: string; sku: string; creationDate: string }[];
  seq: number;
}

/** Whose token an application token is: the app's own, for no seller. */
export const APP = 'app';

/** The one seller who signs in on the simulated consent page. */
export const SIM_SELLER = { userId: 'sim-ebay-user-1', username: 'flipstage_demo_seller' } as const;

/** The seller's own business policies and their ship-from location, as eBay's Account API lists them. */
export const SIM_POLICIES = {
  fulfillment: [
    { fulfillmentPolicyId: 'sim-pickup', name: 'Local pickup only', localPickup: true, freightShipping: false },
    { fulfillmentPolicyId: 'sim-freight', name: 'Freight delivery', localPickup: false, freightShipping: true },
  ],
  payment: [{ paymentPolicyId: 'sim-payment', name: 'eBay managed payments' }],
  return: [{ returnPolicyId: 'sim-returns', name: 'No returns' }],
  locations: [{ merchantLocationKey: 'home', name: 'Home (pickup address)' }],
};

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export interface SimMemory {
  state: SimState;
  /** Writes the state to its file, when it has one. */
  save(): Promise<void>;
}

export function simMemory(file?: string): SimMemory {
  const empty: SimState = {
    codes: {},
    refreshTokens: {},
    accessTokens: {},
    images: {},
    items: {},
    offers: {},
    orders: [],
    seq: 1000,
  };
  const state: SimState =
    file && existsSync(file) ? { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as SimState) } : empty;
  let writing = Promise.resolve();
  return {
    state,
    save() {
      if (!file) return Promise.resolve();
      // One write at a time, each of the whole state as it is then.
      writing = writing.then(() => writeFileAtomically(file, JSON.stringify(state), 0o600));
      return writing;
    },
  };
}
