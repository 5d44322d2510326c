import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRUSH_KEEP, LOCAL_PRICE_IDS, MESSAGES, buildAutoPrompt } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { unavailable } from '../helpers/fakeStager.js';
import { StagingError } from '../../src/ports/stager.js';
import { jpegBytes } from '../helpers/images.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  photo = await jpegBytes();
});
afterAll(() => t.close());
beforeEach(() => {
  t.stager.failWith = null;
  t.stager.delayMs = 0;
});

async function accountWith(credits: number): Promise<TestUser> {
  const user = await signUpWithAccount(t.app);
  if (credits !== 10)
    await t.store.applyCredit({ uid: user.uid, delta: credits - 10, reason: 'stage', ref: 'test-setup' }, CREDIT_RULES);
  return user;
}

function stage(user: TestUser, options: { key?: string; fields?: Record<string, string>; image?: Buffer | null } = {}) {
  const req = request(t.app).post('/api/stage').set('authorization', `Bearer ${user.idToken}`);
  if (options.key) req.set('Idempotency-Key', options.key);
  const fields = options.fields ?? { style: 'farmhouse', furnitureType: 'dresser', mode: 'auto', prompt: '' };
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (options.image !== null)
    req.attach('imageFile', options.image ?? photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
  return req;
}

async function subscribe(user: TestUser, priceId: string) {
  const customerId = `cus_${user.uid}`;
  await t.store.setStripeCustomer(user.uid, customerId);
  await t.store.processStripeEvent(
    {
      eventId: `evt_${user.uid}`,
      type: 'customer.subscription.created',
      effect: {
        kind: 'sync-subscription',
        stripeCustomerId: customerId,
        subscriptionId: `sub_${user.uid}`,
        status: 'active',
        priceId,
        stateAt: Date.now(),
        heldBefore: null,
        trialGrant: null,
      },
    },
    CREDIT_RULES,
  );
}

const balance = async (uid: string) => (await t.store.getAccount(uid))?.customer.creditsRemaining;
/** A signed URL without its signature: the same file, whenever the URL was signed. */
const unsigned = (url: string) => url.split('?')[0];
const SIGNED = String.raw`\?expires=\d+&signature=[\w-]+$`;

describe('POST /api/stage', () => {
  it('debits 1 credit, stores input and output, records the image edit and returns its URLs', async () => {
    const user = await accountWith(10);
    const response = await stage(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      editId: expect.any(String),
      inputUrl: expect.stringMatching(
        new RegExp(String.raw`^http://127\.0\.0\.1:5999/blobs/image-edits/.+/input\.jpg` + SIGNED),
      ),
      outputUrl: expect.stringMatching(
        new RegExp(String.raw`^http://127\.0\.0\.1:5999/blobs/image-edits/.+/staged\.jpg` + SIGNED),
      ),
      creditsRemaining: 9,
    });
    const edits = await request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`);
    expect(edits.body.data).toEqual([
      expect.objectContaining({
        id: response.body.editId,
        user_id: user.uid,
        input_image_url: expect.stringMatching(new RegExp(`^${unsigned(response.body.inputUrl)}${SIGNED}`)),
        output_image_url: expect.stringMatching(new RegExp(`^${unsigned(response.body.outputUrl)}${SIGNED}`)),
        background_style: buildAutoPrompt('farmhouse', 'dresser'),
        style: 'farmhouse',
        furniture_type: 'dresser',
      }),
    ]);
  });

  it('sends the custom prompt, or its fallback when empty', async () => {
    const user = await accountWith(10);
    await stage(user, { fields: { mode: 'custom', prompt: 'a sunlit loft', style: 'modern', furnitureType: 'sofa' } });
    await stage(user, { fields: { mode: 'custom', prompt: '  ', style: 'modern', furnitureType: 'sofa' } });
    expect(t.stager.calls.slice(-2).map((c) => c.prompt)).toEqual(['a sunlit loft', 'Custom background prompt']);
  });

  it('stages in standard size without a plan and in HD on an active Flipper plan', async () => {
    const user = await accountWith(10);
    await stage(user);
    expect(t.stager.calls.at(-1)?.size).toBe('standard');
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    await stage(user);
    expect(t.stager.calls.at(-1)?.size).toBe('hd');
  });

  it('tells the account whether its plan gives HD, by the rule the staging follows', async () => {
    const user = await accountWith(10);
    const account = () => request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect((await account()).body.hdAllowed).toBe(false);
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    expect((await account()).body.hdAllowed).toBe(true);
  });

  it('stages in standard size when asked, even on an HD plan', async () => {
    const user = await accountWith(10);
    await subscribe(user, LOCAL_PRICE_IDS.premium);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'standard' },
    });
    expect(response.status).toBe(200);
    expect(t.stager.calls.at(-1)?.size).toBe('standard');
  });

  it('refuses HD without an active Flipper or Premium plan and charges nothing', async () => {
    const user = await accountWith(10);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'hd' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: 'HD output needs an active Flipper or Premium plan.' } });
    expect(await balance(user.uid)).toBe(10);
  });

  it('answers 400 for a size other than standard or hd', async () => {
    const user = await accountWith(10);
    const response = await stage(user, {
      fields: { style: 'modern', furnitureType: 'sofa', mode: 'auto', size: 'huge' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: 'Size must be standard or hd.' } });
  });

  it('answers 402 with the spec message when there are no credits', async () => {
    const user = await accountWith(0);
    const response = await stage(user);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: { message: MESSAGES.needCredits } });
  });

  it('answers 402 for a user who has no account yet', async () => {
    const user = await signUpTestUser();
    expect((await stage(user)).status).toBe(402);
  });

  it("gives the stager a deadline that ends before Hosting's 60-second cut-off", async () => {
    const user = await accountWith(3);
    const before = Date.now();
    await stage(user);
    const deadline = t.stager.calls.at(-1)?.deadline;
    expect(deadline).toBeGreaterThan(before);
    expect(deadline! - before).toBeLessThanOrEqual(50_000);
  });

  it('refunds the credit when staging fails', async () => {
    const user = await accountWith(5);
    t.stager.failWith = unavailable();
    const response = await stage(user);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: { message: MESSAGES.stagingUnavailable } });
    expect(await balance(user.uid)).toBe(5);
    const reasons = (await t.store.listLedger(user.uid)).map((e) => e.reason);
    expect(reasons.filter((r) => r === 'refund')).toHaveLength(1);
  });

  it('answers 422 telling the seller to try another photo when no piece can be found, refunds and records no edit', async () => {
    const user = await accountWith(5);
    t.stager.failWith = new StagingError('no-subject', MESSAGES.noFurnitureFound);
    const response = await stage(user);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: { message: MESSAGES.noFurnitureFound, code: 'no-subject' } });
    expect(await balance(user.uid)).toBe(5);
    expect(
      (await request(t.app).get('/api/image-edits').set('authorization', `Bearer ${user.idToken}`)).body.data,
    ).toEqual([]);
  });

  it.each([
    ['naming what it saw when the photo is not furniture', 'not-furniture', MESSAGES.notFurniture('a cat')],
    ['asking the seller to mark the piece when the engine is unsure', 'unsure-subject', MESSAGES.unsureSubject],
  ] as const)('answers 422 %s, with its code, and leaves the balance as it was', async (_name, kind, message) => {
    const user = await accountWith(5);
    t.stager.failWith = new StagingError(kind, message);
    const response = await stage(user);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: { message, code: kind } });
    expect(await balance(user.uid)).toBe(5);
  });

  const markedFields = { style: 'modern', furnitureType: 'chair', mode: 'auto', prompt: '' };

  it('hands the piece the seller marked to the stager', async () => {
    const user = await accountWith(5);
    const fields = {
      style: 'modern',
      furnitureType: 'chair',
      mode: 'auto',
      prompt: '',
      subject: 'box:0.1,0.2,0.5,0.6',
    };
    expect((await stage(user, { fields })).status).toBe(200);
    expect(t.stager.calls.at(-1)?.subject).toEqual({ kind: 'box', x: 0.1, y: 0.2, width: 0.5, height: 0.6 });
  });

  it('refuses a mark that is not a point or box inside the photo with 400, before any charge', async () => {
    const user = await accountWith(5);
    const fields = {
      style: 'modern',
      furnitureType: 'chair',
      mode: 'auto',
      prompt: '',
      subject: 'box:0.8,0.2,0.5,0.6',
    };
    const response = await stage(user, { fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidSubjectHint } });
    expect(await balance(user.uid)).toBe(5);
  });

  it("hands the brush strokes and the seller's word that it is furniture to the stager", async () => {
    const user = await accountWith(5);
    const fields = { ...markedFields, strokes: '8x6:9.4+27.8-', confirmedFurniture: 'yes' };
    expect((await stage(user, { fields })).status).toBe(200);
    const call = t.stager.calls.at(-1);
    expect(call?.confirmedFurniture).toBe(true);
    expect(call?.strokes?.width).toBe(8);
    expect(Array.from(call?.strokes?.cells ?? []).filter((cell) => cell === BRUSH_KEEP)).toHaveLength(4);
  });

  it.each([
    ['runs that do not fill the grid', { strokes: '8x6:9.4+' }, MESSAGES.invalidBrushStrokes],
    ['a grid of pixels', { strokes: '0,1,1,0' }, MESSAGES.invalidBrushStrokes],
    ['a confirmation other than yes', { confirmedFurniture: 'maybe' }, MESSAGES.invalidFurnitureConfirmation],
  ])('refuses %s with 400, before any charge', async (_name, extra, message) => {
    const user = await accountWith(5);
    const response = await stage(user, { fields: { ...markedFields, ...extra } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
    expect(await balance(user.uid)).toBe(5);
  });

  it('tells the studio which prompt words chose the room', async () => {
    const user = await accountWith(5);
    t.stager.matched = ['brick', 'fireplace'];
    const response = await stage(user);
    t.stager.matched = undefined;
    expect(response.body.matched).toEqual(['brick', 'fireplace']);
  });

  it('refunds and answers 500 with the generic message on an unexpected failure', async () => {
    const user = await accountWith(5);
    t.stager.failWith = new Error('disk on fire at /secret/path');
    const response = await stage(user);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { message: MESSAGES.internalError } });
    expect(await balance(user.uid)).toBe(5);
  });

  it('returns the first result for a repeated Idempotency-Key and debits once', async () => {
    const user = await accountWith(10);
    const first = await stage(user, { key: 'retry-1' });
    const second = await stage(user, { key: 'retry-1' });
    expect(second.status).toBe(200);
    expect({
      ...second.body,
      inputUrl: unsigned(second.body.inputUrl),
      outputUrl: unsigned(second.body.outputUrl),
    }).toEqual({
      ...first.body,
      inputUrl: unsigned(first.body.inputUrl),
      outputUrl: unsigned(first.body.outputUrl),
    });
    expect(await balance(user.uid)).toBe(9);
  });

  it('stages another room for another variant: its own result for its own credit, and each key replays its own', async () => {
    const user = await accountWith(10);
    const fields = { style: 'farmhouse', furnitureType: 'dresser', mode: 'auto', prompt: '' };
    const first = await stage(user, { key: 'room-0', fields });
    const second = await stage(user, { key: 'room-1', fields: { ...fields, variant: '1' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(t.stager.calls.slice(-2).map((c) => c.variant)).toEqual([0, 1]);
    expect(second.body.editId).not.toBe(first.body.editId);
    expect(second.body.outputUrl).not.toBe(first.body.outputUrl);
    expect([first.body.creditsRemaining, second.body.creditsRemaining]).toEqual([9, 8]);

    const calls = t.stager.calls.length;
    const replays = [
      await stage(user, { key: 'room-0', fields }),
      await stage(user, { key: 'room-1', fields: { ...fields, variant: '1' } }),
    ];
    expect(replays.map((r) => [r.body.editId, unsigned(r.body.outputUrl)])).toEqual([
      [first.body.editId, unsigned(first.body.outputUrl)],
      [second.body.editId, unsigned(second.body.outputUrl)],
    ]);
    expect(t.stager.calls).toHaveLength(calls);
    expect(await balance(user.uid)).toBe(8);
  });

  it('debits once when requests with the same key arrive together', async () => {
    const user = await accountWith(10);
    t.stager.delayMs = 150;
    const responses = await Promise.all(Array.from({ length: 5 }, () => stage(user, { key: 'together' })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.body.editId)).size).toBe(1);
    expect(await balance(user.uid)).toBe(9);
  });

  it('lets exactly 10 of 50 concurrent requests through for 10 credits', async () => {
    const user = await accountWith(10);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => stage(user, { key: `burst-${i}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await balance(user.uid)).toBe(0);
    const ledger = await t.store.listLedger(user.uid);
    expect(ledger.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
  });

  it.each([
    [{ style: 'gothic', furnitureType: 'sofa', mode: 'auto' }, MESSAGES.invalidStyle],
    [{ style: 'modern', furnitureType: 'piano', mode: 'auto' }, MESSAGES.invalidFurnitureType],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'magic' }, MESSAGES.invalidMode],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'custom', prompt: 'x'.repeat(2001) }, MESSAGES.promptTooLong],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'auto', variant: '100' }, MESSAGES.invalidVariant],
    [{ style: 'modern', furnitureType: 'sofa', mode: 'auto', variant: 'next' }, MESSAGES.invalidVariant],
  ])('answers 400 for invalid fields %j without a debit', async (fields, message) => {
    const user = await accountWith(3);
    const response = await stage(user, { fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
    expect(await balance(user.uid)).toBe(3);
  });

  it('takes an iPhone HEIC to the stager and stores the input as an upright JPEG a browser can show', async () => {
    const user = await accountWith(3);
    const heic = readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url));
    const response = await stage(user, { image: heic });
    expect(response.status).toBe(200);
    expect(unsigned(response.body.inputUrl)).toMatch(/\/input\.jpg$/);
    const stored = await t.blobs.get(new URL(response.body.inputUrl).pathname.replace(/^\/blobs\//, ''));
    expect(stored?.contentType).toBe('image/jpeg');
    expect(await balance(user.uid)).toBe(2);
  });

  it('answers 400 when imageFile is missing', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { image: null });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.imageFileRequired } });
  });

  it('answers 400 for a file that is not an image, whatever its declared type, without a debit', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { image: Buffer.from('<svg onload="alert(1)"></svg> just text') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.unsupportedImage } });
    expect(await balance(user.uid)).toBe(3);
  });

  it('answers 400 for an Idempotency-Key longer than 200 characters', async () => {
    const user = await accountWith(3);
    const response = await stage(user, { key: 'k'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.idempotencyKeyInvalid } });
  });

  it('answers 400 for a JSON body instead of multipart', async () => {
    const user = await accountWith(3);
    const response = await request(t.app)
      .post('/api/stage')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ prompt: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.multipartRequired } });
  });
});

describe('GET /api/image-edits', () => {
  it('lists only the caller’s edits, newest first, with a cursor', async () => {
    const user = await accountWith(20);
    const other = await accountWith(5);
    await stage(other);
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push((await stage(user)).body.editId);
    const auth = `Bearer ${user.idToken}`;
    const first = await request(t.app).get('/api/image-edits').set('authorization', auth);
    expect(first.body.data).toHaveLength(12);
    expect(first.body.data[0].id).toBe(ids[12]);
    const second = await request(t.app)
      .get('/api/image-edits')
      .query({ cursor: first.body.nextCursor })
      .set('authorization', auth);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
  });

  it('answers 400 for a forged cursor', async () => {
    const user = await accountWith(1);
    const response = await request(t.app)
      .get('/api/image-edits')
      .query({ cursor: 'garbage' })
      .set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidCursor } });
  });
});
