/**
 * One sold state on FlipStage and eBay (issue 41), against the eBay stand-in: a listing marked
 * sold, reserved or deleted here has its eBay listing ended; a piece bought on eBay is marked sold
 * here by the sales check and the seller is emailed; eBay's account deletion notifications.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { EBAY_PATHS, type Item } from '@flipstage/core';
import type { TestUser } from '../helpers/emulatorUsers.js';
import { consentAsSeller, TEST_DELETION } from '../helpers/ebayStandIn.js';
import { auth, listingOf, sellerOn, useEbaySuite } from '../helpers/ebaySuite.js';
import { createOutboxMail } from '../../src/adapters/local/outboxMail.js';
import { silentLogger } from '../../src/logs.js';
import { ebayServices } from '../../src/services/ebayServices.js';
import { checkEbaySales } from '../../src/services/ebaySales.js';
import type { MailNotice } from '../../src/ports/store.js';

const s = useEbaySuite();
let seller: TestUser;
beforeAll(async () => {
  seller = await sellerOn(s.t);
  await consentAsSeller(s.t.app, seller);
});

const CHOICES = {
  categoryId: '103430',
  conditionId: '3000',
  fulfillmentPolicyId: 'sim-pickup',
  paymentPolicyId: 'sim-payment',
  returnPolicyId: 'sim-returns',
  merchantLocationKey: 'home',
  aspects: { Type: ['Dresser'], Material: ['Oak'] },
};

async function publishedListing(): Promise<{ item: Item; listingId: string }> {
  const item = await listingOf(s.t, seller);
  const published = await request(s.t.app)
    .post(EBAY_PATHS.publish)
    .set(auth(seller))
    .send({ itemId: item.id, ...CHOICES });
  if (published.status !== 201) throw new Error(`publish answered ${published.status}: ${published.text}`);
  return { item, listingId: published.body.listingId as string };
}

const offerStatus = (listingId: string) =>
  Object.values(s.ebay.state.offers).find((o) => o.listingId === listingId)?.status;
const post = async (item: Item) =>
  (await request(s.t.app).get(`${EBAY_PATHS.listing}?id=${item.id}`).set(auth(seller))).body.post as { state: string };

/** The sales check as the schedule runs it, on this app's stores. */
function salesCheck() {
  return checkEbaySales(
    ebayServices({
      setup: { ...s.ebay.setup, records: s.t.ebayRecords },
      store: s.t.store,
      blobs: s.t.blobs,
      mail: createOutboxMail(s.t.outboxDir),
      priceIds: s.t.config.priceIds,
      siteOrigins: s.t.config.siteOrigins,
      logger: silentLogger,
    }),
  );
}

const mails = (): MailNotice[] => {
  try {
    return readdirSync(s.t.outboxDir).map(
      (name) => JSON.parse(readFileSync(join(s.t.outboxDir, name), 'utf8')) as MailNotice,
    );
  } catch {
    return [];
  }
};

describe('sold or reserved on FlipStage', () => {
  it('ends the eBay listing when the seller marks the piece sold in the listing form', async () => {
    const { item, listingId } = await publishedListing();
    const saved = await request(s.t.app)
      .put(`/api/marketplace-update-item?id=${item.id}`)
      .set(auth(seller))
      .field('title', item.title)
      .field('description', item.description)
      .field('price', String(item.price))
      .field('state', 'sold');
    expect(saved.status).toBe(200);
    expect(offerStatus(listingId)).toBe('UNPUBLISHED');
    expect(await post(item)).toMatchObject({ state: 'withdrawn' });
    expect(await s.t.store.listPosts(item.id)).toMatchObject([{ site: 'ebay', state: 'taken-down' }]);
  });

  it('ends the eBay listing when the seller reserves the piece for a buyer in a conversation', async () => {
    const { item, listingId } = await publishedListing();
    const buyer = await sellerOn(s.t, null);
    const started = await request(s.t.app)
      .post('/api/conversations')
      .set(auth(buyer))
      .send({ itemId: item.id, text: 'Is it still available?' });
    expect(started.status).toBe(201);
    const reserved = await request(s.t.app)
      .post(`/api/conversations/listing-status?id=${started.body.id}`)
      .set(auth(seller))
      .send({ status: 'reserved' });
    expect(reserved.status).toBe(200);
    expect(offerStatus(listingId)).toBe('UNPUBLISHED');
  });

  it('publishes again, as a new eBay listing, once the piece is back on sale', async () => {
    const { item, listingId } = await publishedListing();
    const buyer = await sellerOn(s.t, null);
    const started = await request(s.t.app)
      .post('/api/conversations')
      .set(auth(buyer))
      .send({ itemId: item.id, text: 'Hi' });
    const status = (value: string) =>
      request(s.t.app)
        .post(`/api/conversations/listing-status?id=${started.body.id}`)
        .set(auth(seller))
        .send({ status: value });
    expect((await status('reserved')).status).toBe(200);
    expect((await status('available')).status).toBe(200);
    const again = await request(s.t.app).post(EBAY_PATHS.publish).set(auth(seller)).send({ itemId: item.id });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ state: 'live', listingId: expect.not.stringMatching(`^${listingId}$`) });
  });

  it('ends the eBay listing when the listing is deleted', async () => {
    const { item, listingId } = await publishedListing();
    expect((await request(s.t.app).delete(`/api/marketplace-delete-item?id=${item.id}`).set(auth(seller))).status).toBe(
      204,
    );
    expect(offerStatus(listingId)).toBe('UNPUBLISHED');
  });
});

describe('sold on eBay', () => {
  it('marks the FlipStage listing sold and emails the seller', async () => {
    const { item, listingId } = await publishedListing();
    await s.ebay.buy(listingId);
    expect(await salesCheck()).toEqual({ sold: 1 });
    expect((await s.t.store.getItem(item.id))?.state).toBe('sold');
    expect(await post(item)).toMatchObject({ state: 'sold' });
    expect(await s.t.store.listPosts(item.id)).toMatchObject([{ site: 'ebay', state: 'sold' }]);
    expect(mails().some((m) => m.subject === `“${item.title}” sold on eBay` && m.to === seller.email)).toBe(true);
  });

  it('counts a sale once, however often the check runs', async () => {
    const { listingId } = await publishedListing();
    await s.ebay.buy(listingId);
    expect(await salesCheck()).toEqual({ sold: 1 });
    expect(await salesCheck()).toEqual({ sold: 0 });
  });
});

describe('eBay’s marketplace account deletion notifications', () => {
  it('answers the challenge with the SHA-256 of code, verification token and endpoint', async () => {
    const response = await request(s.t.app).get(`${EBAY_PATHS.accountDeletion}?challenge_code=a8628072-3d33-45ee`);
    const expected = createHash('sha256')
      .update(`a8628072-3d33-45ee${TEST_DELETION.verificationToken}${TEST_DELETION.endpoint}`)
      .digest('hex');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ challengeResponse: expected });
  });

  const notice = (userId: string) =>
    JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: '49feeaeb-4982-42d9-a377-9645b8479411_33f7e043-fed8-442b-9d44-791923bd9a6d',
        eventDate: '2026-11-28T20:43:59.354Z',
        publishDate: '2026-11-28T20:43:59.679Z',
        publishAttemptCount: 1,
        data: { username: 'flipstage_demo_seller', userId, eiasToken: 'nY+sHZ2PrBmdj6wVnY+sEZ2PrA2dj6' },
      },
    });
  const deliver = (body: string, signature: string | null) => {
    const req = request(s.t.app).post(EBAY_PATHS.accountDeletion).set('content-type', 'application/json');
    if (signature) req.set('x-ebay-signature', signature);
    return req.send(body);
  };

  it('deletes the tokens of every seller connected to the deleted eBay user, on a notice eBay signed', async () => {
    const other = await sellerOn(s.t);
    await consentAsSeller(s.t.app, other);
    const body = notice('sim-ebay-user-1');
    const response = await deliver(body, s.ebay.signer.header(body));
    expect(response.status).toBe(204);
    expect(await s.t.ebayRecords.getConnection(other.uid)).toBeNull();
  });

  it('refuses an unsigned notice with 412 and deletes nothing', async () => {
    const other = await sellerOn(s.t);
    await consentAsSeller(s.t.app, other);
    expect((await deliver(notice('sim-ebay-user-1'), null)).status).toBe(412);
    expect(await s.t.ebayRecords.getConnection(other.uid)).not.toBeNull();
  });

  it('refuses a notice changed after eBay signed it', async () => {
    const other = await sellerOn(s.t);
    await consentAsSeller(s.t.app, other);
    const signed = notice('someone-else');
    expect((await deliver(notice('sim-ebay-user-1'), s.ebay.signer.header(signed))).status).toBe(412);
    expect(await s.t.ebayRecords.getConnection(other.uid)).not.toBeNull();
  });
});
