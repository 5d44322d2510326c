/**
 * eBay for the tests: the simulated eBay (src/adapters/local/simulatedEbay/, which enforces what
 * eBay documents and answers in eBay's error shapes) served on node:http, with the real fetch
 * adapter pointed at it and every request it received recorded. The suite drives consent as a
 * seller's browser would, and can revoke the seller's access or make a buyer purchase a listing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import type { Express } from 'express';
import { EBAY_PATHS } from '@flipstage/core';
import {
  createSimSigner,
  simMemory,
  simulatedEbay,
  type SimSigner,
  type SimState,
} from '../../src/adapters/local/simulatedEbay/index.js';
import { createRestEbay } from '../../src/adapters/ebay/restEbay.js';
import { tokenKeys } from '../../src/services/ebayTokens.js';
import type { EbaySetup } from '../../src/services/ebayAccess.js';
import type { TestUser } from './emulatorUsers.js';

/** Where the test app would be reached; eBay's RuName sends the seller's browser to its callback. */
const SITE = 'http://127.0.0.1:5999';
export const TEST_EBAY_APP = {
  clientId: 'FlipStag-test-PRD-0123456789',
  clientSecret: 'PRD-test-client-secret',
  ruName: 'FlipStage-FlipStag-test-abcdef',
  acceptUrl: `${SITE}${EBAY_PATHS.callback}`,
  declineUrl: `${SITE}${EBAY_PATHS.callback}`,
};
export const TEST_DELETION = {
  verificationToken: 'a-verification-token-of-32-to-80-chars-long',
  endpoint: `${SITE}${EBAY_PATHS.accountDeletion}`,
};

export interface EbayStandIn {
  baseUrl: string;
  state: SimState;
  /** Method and path of every request, in order. */
  received: { method: string; path: string }[];
  /** The setup createTestApp takes: the real adapter on this server. */
  setup: Omit<EbaySetup, 'records'>;
  /** The seller removes FlipStage under eBay's third-party app access. */
  revokeAccess(): Promise<void>;
  /** Every access token eBay handed out stops working, as two hours later. */
  expireAccessTokens(): void;
  /** Signs eBay's notifications, as eBay would. */
  signer: SimSigner;
  /** A buyer purchases the eBay listing. */
  buy(listingId: string): Promise<void>;
  close(): Promise<void>;
}

export async function startEbayStandIn(): Promise<EbayStandIn> {
  const memory = simMemory();
  const received: EbayStandIn['received'] = [];
  const app = express();
  const holder = { baseUrl: '' };
  app.use((req, _res, next) => {
    received.push({ method: req.method, path: req.path });
    next();
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  holder.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = createSimSigner();
  app.use(simulatedEbay({ app: TEST_EBAY_APP, memory, baseUrl: holder.baseUrl, signer }));
  const form = (path: string, body: Record<string, string>) =>
    fetch(`${holder.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(body), redirect: 'manual' });
  return {
    baseUrl: holder.baseUrl,
    state: memory.state,
    received,
    signer,
    setup: {
      api: createRestEbay({
        environment: 'sandbox',
        clientId: TEST_EBAY_APP.clientId,
        clientSecret: TEST_EBAY_APP.clientSecret,
        ruName: TEST_EBAY_APP.ruName,
        apiBaseUrl: holder.baseUrl,
        authBaseUrl: holder.baseUrl,
      }),
      keys: tokenKeys('test-ebay-token-key-0123456789abcdef'),
      deletion: TEST_DELETION,
    },
    async revokeAccess() {
      await form('/account/third-party-apps/remove', {});
    },
    expireAccessTokens() {
      for (const token of Object.values(memory.state.accessTokens)) token.expiresAt = 0;
    },
    async buy(listingId) {
      await form(`/itm/${listingId}/buy`, {});
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * Connect eBay as a seller's browser does it: ask FlipStage for eBay's consent page, open it,
 * agree (or not), follow eBay's redirect to FlipStage's callback, which sends the browser on to
 * the seller's page; that page, signed in as `finisher` (the seller by default), finishes with the
 * code from the address's fragment. Returns where the browser was sent (without the fragment) and
 * how the finish was answered (null when there was nothing to finish).
 */
export async function consentAsSeller(
  app: Express,
  user: TestUser,
  decision: 'agree' | 'decline' = 'agree',
  finisher: TestUser = user,
): Promise<{ back: string; finished: { status: number; body: unknown } | null }> {
  const started = await request(app)
    .post(EBAY_PATHS.connect)
    .set('authorization', `Bearer ${user.idToken}`)
    .send({ returnTo: '/dashboard' });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}: ${started.text}`);
  const consent = new URL((started.body as { url: string }).url);
  const page = await fetch(consent);
  if (!page.ok) throw new Error(`eBay's consent page answered ${page.status}`);
  const decided = await fetch(new URL('/oauth2/decision', consent), {
    method: 'POST',
    body: new URLSearchParams({ state: consent.searchParams.get('state') ?? '', decision }),
    redirect: 'manual',
  });
  const callback = new URL(decided.headers.get('location') ?? '');
  const sent = new URL((await request(app).get(`${callback.pathname}${callback.search}`)).headers.location ?? '');
  const fragment = new URLSearchParams(sent.hash.slice(1));
  sent.hash = '';
  if (!fragment.get('ebayCode')) return { back: sent.toString(), finished: null };
  const finished = await request(app)
    .post(EBAY_PATHS.finish)
    .set('authorization', `Bearer ${finisher.idToken}`)
    .send({ code: fragment.get('ebayCode'), state: fragment.get('ebayState') });
  return { back: sent.toString(), finished: { status: finished.status, body: finished.body as unknown } };
}
