/**
 * Post to marketplaces, the kits (issue 41): each site's title and description, the photos as a
 * ZIP sized for the site (real first, staged ones captioned in their pixels), the posts a seller
 * records, and the plan and ownership every route enforces.
 */
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  KIT_MESSAGES,
  KIT_SITE_FACTS,
  LOCAL_PRICE_IDS,
  MARKETPLACE_PATHS,
  MESSAGES,
  type ListingKit,
} from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { zipEntries } from '../helpers/zipEntries.js';
import { subscribeTo } from '../helpers/plans.js';

let t: TestApp;
let flipper: TestUser;
let base: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  [flipper, base] = await Promise.all([signUpTestUser('Flo'), signUpTestUser('Bea')]);
  await Promise.all([account(flipper), account(base)]);
  await Promise.all([
    subscribeTo(t.store, flipper.uid, LOCAL_PRICE_IDS.flipper),
    subscribeTo(t.store, base.uid, LOCAL_PRICE_IDS.base),
  ]);
});
afterAll(() => t.close());

const auth = (user: TestUser) => `Bearer ${user.idToken}`;
const account = (user: TestUser) => request(t.app).post(API_PATHS.account).set('authorization', auth(user));

const LONG_TITLE = 'Mid-century Danish teak sideboard with three sliding doors and original brass handles';

async function listing(user: TestUser, fields: Record<string, string> = {}, photos: Buffer[] = []) {
  const req = request(t.app).post(API_PATHS.marketplaceCreateItem).set('authorization', auth(user));
  const all = { title: LONG_TITLE, description: 'Three doors, one shelf.', price: '310', tags: 'teak', ...fields };
  for (const [name, value] of Object.entries(all)) req.field(name, value);
  photos.forEach((photo, i) => req.attach('images', photo, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  const created = await req;
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const kit = (user: TestUser, id: string, staged?: string) =>
  request(t.app)
    .get(MARKETPLACE_PATHS.kit)
    .query({ id, ...(staged === undefined ? {} : { staged }) })
    .set('authorization', auth(user));

const kitZip = (user: TestUser, id: string, site: string, staged?: string) =>
  request(t.app)
    .get(MARKETPLACE_PATHS.kitPhotos)
    .query({ id, site, ...(staged === undefined ? {} : { staged }) })
    .set('authorization', auth(user))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const recordPost = (user: TestUser, body: object) =>
  request(t.app).post(MARKETPLACE_PATHS.posts).set('authorization', auth(user)).send(body);

const posts = (user: TestUser, id: string) =>
  request(t.app).get(MARKETPLACE_PATHS.posts).query({ id }).set('authorization', auth(user));

/** The mean brightness (0–255) of the photo's lower-left corner, where the caption goes. */
async function cornerBrightness(jpeg: Buffer): Promise<number> {
  const { width, height } = await sharp(jpeg).metadata();
  const box = {
    left: Math.round(width! * 0.04),
    top: Math.round(height! * 0.92),
    width: Math.round(width! * 0.2),
    height: Math.round(height! * 0.04),
  };
  const stats = await sharp(await sharp(jpeg).extract(box).png().toBuffer()).stats();
  return stats.channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
}

describe('the plan and the owner', () => {
  it.each([
    ['the kit', (id: string) => kit(base, id)],
    ['the photos', (id: string) => kitZip(base, id, 'craigslist')],
    ['the posts', (id: string) => posts(base, id)],
    [
      'recording a post',
      (id: string) =>
        recordPost(base, { itemId: id, site: 'craigslist', url: 'https://sfbay.craigslist.org/fuo/1.html' }),
    ],
  ])('refuses %s to a seller on the Base plan, saying which plans include it', async (_what, call) => {
    const id = await listing(base);
    const response = await call(id);
    expect(response.status).toBe(403);
    const text = Buffer.isBuffer(response.body) ? response.body.toString('utf8') : response.text;
    expect(JSON.parse(text)).toEqual({ error: { message: MESSAGES.marketplacesNeedPlan } });
  });

  it('does not find another seller’s listing, even for a seller on Flipper', async () => {
    const id = await listing(base);
    const response = await kit(flipper, id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { message: MESSAGES.itemNotFound } });
  });
});

describe('the kit’s words', () => {
  it('cuts the title to each site’s limit and builds the description from the listing’s facts', async () => {
    const id = await listing(flipper, {
      condition: 'good',
      width: '160',
      depth: '45',
      height: '78',
      unit: 'cm',
      pickupArea: 'Utrecht',
      delivery: 'true',
    });
    const response = await kit(flipper, id);
    expect(response.status).toBe(200);
    const body = response.body as ListingKit;
    for (const site of body.sites) {
      expect([...site.title].length).toBeLessThanOrEqual(KIT_SITE_FACTS[site.site].titleLimit);
      expect(site.postingUrl).toBe(KIT_SITE_FACTS[site.site].postingUrl);
    }
    const craigslist = body.sites.find((site) => site.site === 'craigslist')!;
    expect(craigslist.title).toBe('Mid-century Danish teak sideboard with three sliding doors and…');
    expect(craigslist.description).toContain('Condition: Good\n');
    expect(craigslist.description).toContain('Dimensions (W × D × H): 160 × 45 × 78 cm');
    expect(craigslist.description).toContain('Pickup area: Utrecht\nDelivery available');
  });

  it('offers Etsy only for a piece marked vintage, and says why otherwise', async () => {
    const [plain, vintage] = await Promise.all([listing(flipper), listing(flipper, { vintage: 'true' })]);
    const etsyOf = async (id: string) =>
      ((await kit(flipper, id)).body as ListingKit).sites.find((s) => s.site === 'etsy')!;
    expect((await etsyOf(plain)).unavailable).toBe(KIT_MESSAGES.etsyNeedsVintage);
    expect((await etsyOf(vintage)).unavailable).toBeNull();
  });

  it('refuses photo numbers it cannot read, on the request', async () => {
    const id = await listing(flipper);
    const response = await kit(flipper, id, 'first');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: KIT_MESSAGES.stagedPhotosInvalid } });
  });
});

describe('the photos’ ZIP', () => {
  it('holds the text, then the real photos, then the staged ones, each within the site’s size', async () => {
    const [stagedPhoto, realPhoto] = await Promise.all([
      jpegBytes(2400, 1600, '#d8d8d8'),
      jpegBytes(1600, 2400, '#d8d8d8'),
    ]);
    const id = await listing(flipper, {}, [stagedPhoto, realPhoto]);
    const response = await kitZip(flipper, id, 'craigslist', '0');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="flipstage-mid-century-danish-teak-sideboard-[a-z-]*craigslist\.zip"$/,
    );
    const entries = zipEntries(response.body as Buffer);
    expect(entries.map((entry) => entry.name)).toEqual([
      'title-and-description.txt',
      '01-photo.jpg',
      '02-virtually-staged.jpg',
    ]);
    expect(entries[0]!.data.toString('utf8')).toContain('the last photo is virtually staged');
    const [real, staged] = await Promise.all(entries.slice(1).map((entry) => sharp(entry.data).metadata()));
    expect({ width: real!.width, height: real!.height }).toEqual({ width: 800, height: 1200 });
    expect({ width: staged!.width, height: staged!.height }).toEqual({ width: 1200, height: 800 });
  });

  it('burns the caption into every staged photo and into no real one', async () => {
    const photo = await jpegBytes(1200, 900, '#d8d8d8');
    const id = await listing(flipper, {}, [photo, photo]);
    const entries = zipEntries((await kitZip(flipper, id, 'offerup', '1')).body as Buffer);
    const [realCorner, stagedCorner] = await Promise.all(entries.slice(1).map((entry) => cornerBrightness(entry.data)));
    expect(realCorner).toBeGreaterThan(200);
    expect(stagedCorner).toBeLessThan(150);
  });

  it('refuses Etsy’s ZIP for a piece not marked vintage, before any byte of an archive', async () => {
    const id = await listing(flipper, {}, [await jpegBytes()]);
    const response = await kitZip(flipper, id, 'etsy');
    expect(response.status).toBe(409);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: { message: KIT_MESSAGES.etsyNeedsVintage } });
  });
});

describe('the posts a seller records', () => {
  it('refuses an id no listing could have, saying so', async () => {
    const response = await posts(flipper, '../../etc/passwd');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidItemId } });
  });

  it('records "posted at" an address on that site and lists it with the listing', async () => {
    const id = await listing(flipper);
    const url = 'https://sfbay.craigslist.org/sfc/fuo/d/teak-sideboard/7712345678.html';
    const recorded = await recordPost(flipper, { itemId: id, site: 'craigslist', url });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ itemId: id, site: 'craigslist', state: 'posted', url });
    expect((await posts(flipper, id)).body.data).toEqual([recorded.body]);
  });

  it('refuses an address on another site, naming the site, and records nothing', async () => {
    const id = await listing(flipper);
    const response = await recordPost(flipper, { itemId: id, site: 'offerup', url: 'https://www.etsy.com/listing/1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: KIT_MESSAGES.postUrlNotOnSite('OfferUp') } });
    expect((await posts(flipper, id)).body.data).toEqual([]);
  });

  it('refuses an Etsy post for a piece not marked vintage', async () => {
    const id = await listing(flipper);
    const response = await recordPost(flipper, { itemId: id, site: 'etsy', url: 'https://www.etsy.com/listing/1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: KIT_MESSAGES.etsyNeedsVintage } });
  });

  it('ticks a post off as taken down, keeping its address', async () => {
    const id = await listing(flipper);
    const url = 'https://www.facebook.com/marketplace/item/123/';
    await recordPost(flipper, { itemId: id, site: 'facebook', url });
    const ticked = await request(t.app)
      .post(MARKETPLACE_PATHS.postState)
      .set('authorization', auth(flipper))
      .send({ itemId: id, site: 'facebook', state: 'taken-down' });
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ site: 'facebook', state: 'taken-down', url });
  });

  it('says a site the listing was never posted on has no post to tick off', async () => {
    const id = await listing(flipper);
    const response = await request(t.app)
      .post(MARKETPLACE_PATHS.postState)
      .set('authorization', auth(flipper))
      .send({ itemId: id, site: 'chairish', state: 'taken-down' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { message: KIT_MESSAGES.postNotFound } });
  });
});
