/**
 * The review of reports (issue 40): only a moderator (the Auth custom claim) reads the queue and
 * decides; a restore puts a hidden listing back in search and tells the seller; a removal keeps it
 * off the marketplace for good and tells the seller why, by email and on their own listings.
 */
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REPORTS_TO_HIDE } from '@flipstage/core';
import { establishedUser, moderatorUser } from '../helpers/reporters.js';
import { useReportSuite } from '../helpers/reportSuite.js';
import { serveBlobs } from '../../src/http/blobRoutes.js';
import { silentLogger } from '../../src/logs.js';
import { BLOBS_ROUTE } from '../../src/ports/blobs.js';
import { withheldListingPhotos } from '../../src/services/listingPhotos.js';

const s = useReportSuite();

/** A listing that three established reporters have hidden. */
async function hiddenListing() {
  const item = await s.listing();
  for (let i = 0; i < REPORTS_TO_HIDE; i++) await s.report(await establishedUser(s.t), item.id);
  return item;
}

describe('who may review', () => {
  it('refuses the queue to a signed-in account that is not a moderator', async () => {
    const response = await s.queue(await establishedUser(s.t));
    expect([response.status, response.body.error.message]).toEqual([403, MESSAGES.moderatorsOnly]);
  });

  it('refuses a decision from an account that is not a moderator, and the listing stays hidden', async () => {
    const item = await hiddenListing();
    for (const user of [s.seller, await establishedUser(s.t)]) {
      const response = await s.decide(user, { itemId: item.id, decision: 'restore' });
      expect([response.status, response.body.error.message]).toEqual([403, MESSAGES.moderatorsOnly]);
    }
    expect(await s.visible(item)).toEqual({ inSearch: false, page: 404 });
  });

  it('asks a signed-out caller to sign in', async () => {
    expect((await request(s.t.app).get('/api/moderation/reports')).status).toBe(401);
  });
});

describe('a moderator’s decision', () => {
  it('restores a hidden listing: back in search and on its page, off the queue, the seller told', async () => {
    const item = await hiddenListing();
    const moderator = await moderatorUser();
    const response = await s.decide(moderator, { itemId: item.id, decision: 'restore' });
    expect(response.body).toEqual({ itemId: item.id, status: 'restored' });
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
    expect(await s.queued(moderator, item.id)).toBeUndefined();
    expect((await s.ownListings(s.seller)).body.data.map((own: { itemId: string }) => own.itemId)).not.toContain(
      item.id,
    );
    const subjects = s
      .sellerNotices()
      .map((notice) => notice.subject)
      .filter((subject) => subject.includes(item.title));
    expect(subjects).toEqual([
      `Your listing “${item.title}” is hidden while we review it`,
      `Your listing “${item.title}” is back on FlipStage`,
    ]);
  });

  it('removes a listing with a reason the seller sees on their listings and in their email', async () => {
    const item = await s.listing();
    await s.report(await establishedUser(s.t), item.id);
    const reason = 'The photos are of a different dresser.';
    const response = await s.decide(await moderatorUser(), { itemId: item.id, decision: 'remove', reason });
    expect(response.body).toEqual({ itemId: item.id, status: 'removed' });
    expect(await s.visible(item)).toEqual({ inSearch: false, page: 404 });
    const own = (await s.ownListings(s.seller)).body.data;
    expect(own).toContainEqual(expect.objectContaining({ itemId: item.id, status: 'removed', reason }));
    const notice = s
      .sellerNotices()
      .find((n) => n.subject === `Your listing “${item.title}” was removed from FlipStage`);
    expect(notice?.text).toContain(`Reason: ${reason}`);
  });

  it('refuses a removal without a reason', async () => {
    const item = await s.listing();
    const response = await s.decide(await moderatorUser(), { itemId: item.id, decision: 'remove', reason: ' ' });
    expect([response.status, response.body.error.message]).toEqual([400, MESSAGES.removalReasonRequired]);
  });

  it('answers a decision on a listing that does not exist as not found', async () => {
    const response = await s.decide(await moderatorUser(), { itemId: 'no-such-listing', decision: 'restore' });
    expect(response.status).toBe(404);
  });
});

describe('the queue', () => {
  it('lists a reported listing with each report’s reason, reporter and whether it counts', async () => {
    const item = await s.listing();
    const reporter = await establishedUser(s.t);
    await s.report(reporter, item.id, 'Asks for payment by gift card');
    expect(await s.queued(await moderatorUser(), item.id)).toMatchObject({
      itemId: item.id,
      title: item.title,
      owner: s.seller.uid,
      status: 'pending',
      reports: [{ reporter: reporter.uid, about: 'listing', reason: 'Asks for payment by gift card', counts: true }],
    });
  });
});

describe('a hidden listing’s photos', () => {
  /** The blob route as the local host mounts it, over the suite's store and blobs. */
  let blobHost: express.Express;
  beforeAll(() => {
    blobHost = express().use(BLOBS_ROUTE, serveBlobs(s.t.blobs, silentLogger, withheldListingPhotos(s.t.store)));
  });
  const fetchPhoto = (url: string) => request(blobHost).get(new URL(url).pathname + new URL(url).search);

  async function listingWithPhoto() {
    const item = await s.listing();
    const path = `items/${item.id}/photo.jpg`;
    await s.t.blobs.put(path, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const url = s.t.blobs.publicUrl(path);
    await s.t.store.updateItem(item.id, item.owner, { ...item, images: [url], thumbs: [url] });
    return { item, url };
  }

  it('are withheld from the public while reports hide it, and shown again once a moderator restores it', async () => {
    const { item, url } = await listingWithPhoto();
    expect((await fetchPhoto(url)).status).toBe(200);
    for (let i = 0; i < REPORTS_TO_HIDE; i++) await s.report(await establishedUser(s.t), item.id);
    expect((await fetchPhoto(url)).status).toBe(404);
    await s.decide(await moderatorUser(), { itemId: item.id, decision: 'restore' });
    expect((await fetchPhoto(url)).status).toBe(200);
  });

  it('reach the moderator through a signed thumbnail in the queue', async () => {
    const { item, url } = await listingWithPhoto();
    for (let i = 0; i < REPORTS_TO_HIDE; i++) await s.report(await establishedUser(s.t), item.id);
    const entry = await s.queued(await moderatorUser(), item.id);
    expect(entry?.thumb).not.toBe(url);
    expect((await fetchPhoto(entry!.thumb!)).status).toBe(200);
  });
});
