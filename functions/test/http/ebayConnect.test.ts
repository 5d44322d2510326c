/**
 * Connecting a seller's eBay account (issue 41) through the API, against the eBay stand-in: the
 * plan it needs, eBay's consent, the refresh token kept sealed server-side, renewing access
 * tokens, a revoked token asking the seller to connect again, and disconnecting.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EBAY_MESSAGES, EBAY_PATHS, MESSAGES } from '@flipstage/core';
import { consentAsSeller } from '../helpers/ebayStandIn.js';
import { auth, listingOf, sellerOn, useEbaySuite } from '../helpers/ebaySuite.js';

const s = useEbaySuite();

const connection = async (user: Parameters<typeof auth>[0]) =>
  (await request(s.t.app).get(EBAY_PATHS.connection).set(auth(user))).body as { connected: boolean; allowed: boolean };

describe('the plan', () => {
  it('refuses a seller without Flipper or Premium with 403 and says which plans include it', async () => {
    const seller = await sellerOn(s.t, 'base');
    const response = await request(s.t.app).post(EBAY_PATHS.connect).set(auth(seller)).send({});
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.marketplacesNeedPlan } });
  });

  it('tells a free account it is not allowed, without any eBay call', async () => {
    const seller = await sellerOn(s.t, null);
    const before = s.ebay.received.length;
    expect(await connection(seller)).toEqual({ allowed: false, connected: false, ebayUsername: null, choices: null });
    expect(s.ebay.received.length).toBe(before);
  });

  it('refuses publishing on the Base plan with 403', async () => {
    const seller = await sellerOn(s.t, 'base');
    const item = await listingOf(s.t, seller);
    const response = await request(s.t.app).post(EBAY_PATHS.publish).set(auth(seller)).send({ itemId: item.id });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(MESSAGES.marketplacesNeedPlan);
  });
});

describe('consent', () => {
  it('connects once the seller agrees on eBay and their page, signed in, finishes', async () => {
    const seller = await sellerOn(s.t, 'premium');
    const { back, finished } = await consentAsSeller(s.t.app, seller);
    expect(back).toBe('http://127.0.0.1:5173/dashboard');
    expect(finished).toEqual({
      status: 200,
      body: { allowed: true, connected: true, ebayUsername: 'flipstage_demo_seller', choices: null },
    });
  });

  it('keeps the refresh token sealed: the stored text is not the token eBay gave', async () => {
    const seller = await sellerOn(s.t);
    await consentAsSeller(s.t.app, seller);
    const record = await s.t.ebayRecords.getConnection(seller.uid);
    const issued = Object.keys(s.ebay.state.refreshTokens);
    expect(record?.refreshTokenSealed).toMatch(/^v1\./);
    expect(issued.some((token) => record?.refreshTokenSealed.includes(token))).toBe(false);
    expect(issued).toContain(s.ebay.setup.keys.open(record!.refreshTokenSealed));
  });

  it('stays disconnected when the seller declines on eBay', async () => {
    const seller = await sellerOn(s.t);
    const { back, finished } = await consentAsSeller(s.t.app, seller, 'decline');
    expect(back).toBe('http://127.0.0.1:5173/dashboard?ebay=declined');
    expect(finished).toBeNull();
    expect((await connection(seller)).connected).toBe(false);
  });

  it('links nobody’s eBay account when another FlipStage account finishes a connection the seller started', async () => {
    const seller = await sellerOn(s.t);
    const other = await sellerOn(s.t);
    const { finished } = await consentAsSeller(s.t.app, seller, 'agree', other);
    expect(finished).toEqual({ status: 403, body: { error: { message: EBAY_MESSAGES.otherAccount } } });
    expect((await connection(seller)).connected).toBe(false);
    expect((await connection(other)).connected).toBe(false);
  });

  it('refuses a callback whose state was not signed by this site', async () => {
    const response = await request(s.t.app).get(`${EBAY_PATHS.callback}?code=abc&state=forged.state`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('http://127.0.0.1:5173/?ebay=failed');
  });
});

describe('tokens', () => {
  it('mints a new access token from the refresh token when eBay lets the old one expire', async () => {
    const seller = await sellerOn(s.t);
    await consentAsSeller(s.t.app, seller);
    const item = await listingOf(s.t, seller);
    expect((await request(s.t.app).get(`${EBAY_PATHS.publishOptions}?id=${item.id}`).set(auth(seller))).status).toBe(
      200,
    );
    s.ebay.expireAccessTokens();
    const refreshesBefore = s.ebay.received.filter((r) => r.path === '/identity/v1/oauth2/token').length;
    const again = await request(s.t.app).get(`${EBAY_PATHS.publishOptions}?id=${item.id}`).set(auth(seller));
    expect(again.status).toBe(200);
    expect(s.ebay.received.filter((r) => r.path === '/identity/v1/oauth2/token').length).toBe(refreshesBefore + 1);
  });

  it('asks the seller to connect again once they removed FlipStage at eBay, and forgets the token', async () => {
    const seller = await sellerOn(s.t);
    await consentAsSeller(s.t.app, seller);
    const item = await listingOf(s.t, seller);
    await s.ebay.revokeAccess();
    const response = await request(s.t.app).get(`${EBAY_PATHS.publishOptions}?id=${item.id}`).set(auth(seller));
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(EBAY_MESSAGES.connectAgain);
    expect(await s.t.ebayRecords.getConnection(seller.uid)).toBeNull();
  });
});

describe('disconnect', () => {
  it('deletes the stored token and points the seller to eBay’s page for removing the app', async () => {
    const seller = await sellerOn(s.t);
    await consentAsSeller(s.t.app, seller);
    const response = await request(s.t.app).post(EBAY_PATHS.disconnect).set(auth(seller));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revokeAtEbayUrl: `${s.ebay.baseUrl}/account/third-party-apps` });
    expect(await s.t.ebayRecords.getConnection(seller.uid)).toBeNull();
    expect((await connection(seller)).connected).toBe(false);
  });
});
