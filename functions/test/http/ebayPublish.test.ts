/**
 * Publishing a listing to eBay (issue 41) through the API, against the eBay stand-in: the form's
 * options, a publish that eBay accepts, each refusal eBay makes put on the form's field in the
 * seller's words with the FlipStage listing left as it was, and the CLI's publish with saved choices.
 */
import request from 'supertest';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EBAY_MESSAGES, EBAY_PATHS, type EbayPublishOptions, type Item } from '@flipstage/core';
import type { TestUser } from '../helpers/emulatorUsers.js';
import { consentAsSeller } from '../helpers/ebayStandIn.js';
import { auth, DRESSER, listingOf, sellerOn, useEbaySuite } from '../helpers/ebaySuite.js';

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

const publish = (item: Item, body: Record<string, unknown> = {}, user = seller) =>
  request(s.t.app)
    .post(EBAY_PATHS.publish)
    .set(auth(user))
    .send({ itemId: item.id, ...CHOICES, ...body });

const inventoryOf = (item: Item) =>
  s.ebay.state.items[`sim-ebay-user-1/flipstage-${item.id}`] as
    { product: { title: string; imageUrls: string[] } } | undefined;

describe('GET publish-options', () => {
  it('suggests the category from the title, with its required aspects, allowed conditions and the seller’s policies', async () => {
    const item = await listingOf(s.t, seller);
    const response = await request(s.t.app).get(`${EBAY_PATHS.publishOptions}?id=${item.id}`).set(auth(seller));
    expect(response.status).toBe(200);
    const options = response.body as EbayPublishOptions;
    expect(options.categories[0]).toEqual({
      id: '103430',
      name: 'Dressers & Chests of Drawers',
      path: 'Home & Garden > Furniture > Dressers & Chests of Drawers',
    });
    expect(options.aspects.filter((a) => a.required).map((a) => a.name)).toEqual(['Type', 'Material']);
    expect(options.conditions.map((c) => c.id)).toEqual(['1000', '1500', '3000', '7000']);
    expect(options.suggestedConditionId).toBe('3000');
    expect(options.fulfillmentPolicies).toEqual([
      { id: 'sim-pickup', name: 'Local pickup only', localPickup: true, freight: false },
      { id: 'sim-freight', name: 'Freight delivery', localPickup: false, freight: true },
    ]);
    expect(options.post).toBeNull();
  });

  it('is the listing owner’s alone', async () => {
    const item = await listingOf(s.t, seller);
    const other = await sellerOn(s.t);
    await consentAsSeller(s.t.app, other);
    const response = await request(s.t.app).get(`${EBAY_PATHS.publishOptions}?id=${item.id}`).set(auth(other));
    expect(response.status).toBe(404);
  });
});

describe('POST publish', () => {
  it('uploads the photos, creates the item and offer, publishes, and answers with the eBay listing', async () => {
    const item = await listingOf(s.t, seller);
    const response = await publish(item);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      listingId: expect.stringMatching(/^\d+$/),
      url: `${s.ebay.baseUrl}/itm/${response.body.listingId}`,
      state: 'live',
      updatedAt: expect.any(String),
    });
    expect(inventoryOf(item)?.product.title).toBe('Painted oak dresser');
    const page = await fetch(response.body.url as string);
    expect(await page.text()).toContain('Painted oak dresser');
    const shown = await request(s.t.app).get(`${EBAY_PATHS.listing}?id=${item.id}`).set(auth(seller));
    expect(shown.body.post).toEqual(response.body);
  });

  it('records the eBay post where the listing’s posts are kept', async () => {
    const item = await listingOf(s.t, seller);
    const response = await publish(item);
    expect(await s.t.store.listPosts(item.id)).toEqual([
      {
        itemId: item.id,
        site: 'ebay',
        owner: seller.uid,
        state: 'posted',
        url: response.body.url,
        updated_at: response.body.updatedAt,
      },
    ]);
  });

  it('sends the real photos first and the staged ones after', async () => {
    const staged = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const item = await listingOf(s.t, seller, {}, [staged, DRESSER]);
    expect((await publish(item, { stagedPhotos: [0] })).status).toBe(201);
    const sent = inventoryOf(item)!.product.imageUrls.map(
      (url) => s.ebay.state.images[url.split('/').pop()!]!.longSide,
    );
    expect(sent).toEqual([1200, 800]);
  });

  it('keeps the seller’s choices, so a publish with only the listing id uses them', async () => {
    expect((await publish(await listingOf(s.t, seller))).status).toBe(201);
    const item = await listingOf(s.t, seller, { title: 'Walnut chest of drawers' });
    const response = await request(s.t.app).post(EBAY_PATHS.publish).set(auth(seller)).send({ itemId: item.id });
    expect(response.status).toBe(201);
    expect((await s.t.ebayRecords.getConnection(seller.uid))?.choices).toEqual(CHOICES);
  });

  it('refuses a second publish while the listing is live on eBay', async () => {
    const item = await listingOf(s.t, seller);
    expect((await publish(item)).status).toBe(201);
    const again = await publish(item);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(EBAY_MESSAGES.alreadyLive);
  });
});

describe('eBay’s refusals, on the form’s fields', () => {
  async function refused(body: Record<string, unknown>, fields: Record<string, string> = {}, photos?: Buffer[]) {
    const item = await listingOf(s.t, seller, fields, photos);
    const response = await publish(item, body);
    expect(response.status).toBe(422);
    expect(response.body.error.message).toContain(EBAY_MESSAGES.refused);
    const after = await request(s.t.app).get(`/api/marketplace-get-item?id=${item.id}`).set(auth(seller));
    expect(after.body).toMatchObject({ title: item.title, state: 'active', updated_at: item.updated_at });
    return response.body.fields as Record<string, string>;
  }

  it('a title over 80 characters', async () => {
    const fields = await refused({}, { title: `${'Solid oak dresser with six drawers '.repeat(3)}`.trim() });
    expect(fields).toEqual({ title: 'Give the piece a title of 1 to 80 characters.' });
  });

  it('a missing required aspect', async () => {
    const fields = await refused({ aspects: { Type: ['Dresser'] } });
    expect(fields).toEqual({ aspects: 'Fill in “Material”: eBay needs it in this category.' });
  });

  it('a condition the category does not allow', async () => {
    const fields = await refused({
      categoryId: '20091',
      aspects: { 'Original/Reproduction': ['Antique Original'], Material: ['Oak'] },
      conditionId: '1000',
    });
    expect(fields).toEqual({
      conditionId: 'eBay does not allow this condition in this category. Choose one of the conditions listed.',
    });
  });

  it('no fulfillment policy of the seller', async () => {
    const fields = await refused({ fulfillmentPolicyId: 'someone-elses-policy' });
    expect(fields).toEqual({ fulfillmentPolicyId: 'Choose one of your eBay pickup or delivery policies.' });
  });

  it('a photo under 500 px on its long side', async () => {
    const small = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const fields = await refused({}, {}, [small]);
    expect(fields).toEqual({
      photos: 'eBay needs photos at least 500 pixels on their longer side. Replace the small ones.',
    });
  });
});

describe('what publishing needs first', () => {
  it('asks a seller who never chose to publish once from the web app', async () => {
    const fresh = await sellerOn(s.t);
    await consentAsSeller(s.t.app, fresh);
    const item = await listingOf(s.t, fresh);
    const response = await request(s.t.app).post(EBAY_PATHS.publish).set(auth(fresh)).send({ itemId: item.id });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(EBAY_MESSAGES.noChoices);
  });

  it('asks a seller who is not connected to connect eBay', async () => {
    const fresh = await sellerOn(s.t);
    const item = await listingOf(s.t, fresh);
    const response = await publish(item, {}, fresh);
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(EBAY_MESSAGES.notConnected);
  });
});
