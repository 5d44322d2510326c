/**
 * The Store contract (DESIGN §7): written once, run against every adapter. Each test works on
 * its own random accounts, items and tokens, so one store instance serves the whole suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountNotFound, HeldSubscriptionChanged, InsufficientCredits, ItemNotFound, NotItemOwner, UnknownStripeCustomer, type ItemDoc, type Store } from '../../src/ports/store.js';
import { NO_LISTING_FACTS } from '@flipstage/core';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { withholdSignupGrant } from '../../src/services/credits.js';
import { makeEdit, uniq } from './contractData.js';
import { describeListingLifecycle } from './listingLifecycleContract.js';
import { describeItemSearch } from './itemSearchContract.js';
import { describeImageEdits } from './imageEditContract.js';

const profile = (email: string) => ({ name: 'Test Seller', email, avatar: null });

/** The facts an item patch carries unchanged, where a test is about other fields. */
const UNCHANGED_FACTS = { ...NO_LISTING_FACTS, sellerName: null, sellerSince: null };

export function makeItemDoc(overrides: Partial<ItemDoc> & { owner: string }): ItemDoc {
  const at = overrides.created_at ?? new Date().toISOString();
  return {
    id: uniq(),
    title: 'Oak dresser',
    description: 'Solid oak, six drawers',
    price: 120,
    tags: ['oak'],
    images: [],
    thumbs: [],
    state: 'active',
    aiStaged: false,
    keywords: ['oak', 'dresser'],
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    hidden: false,
    sellerName: null,
    sellerSince: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}


export function describeStoreContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store.close();
    });

    async function newAccount(credits = 10): Promise<string> {
      const uid = `u_${uniq()}`;
      await store.ensureAccount(uid, profile(`${uid}@example.com`), credits, CREDIT_RULES);
      return uid;
    }

    describe('accounts', () => {
      it('creates the profile and customer with the sign-up credits and one signup ledger entry', async () => {
        const uid = `u_${uniq()}`;
        const account = await store.ensureAccount(uid, profile('a@example.com'), 10, CREDIT_RULES);
        expect(account.profile).toEqual({ name: 'Test Seller', email: 'a@example.com', avatar: null });
        expect(account.customer.creditsRemaining).toBe(10);
        expect(account.customer.signupGrantedAt).not.toBeNull();
        const ledger = await store.listLedger(uid);
        expect(ledger).toMatchObject([{ delta: 10, reason: 'signup', ref: 'signup', balanceAfter: 10 }]);
      });

      it('grants the sign-up credits exactly once, even when called concurrently', async () => {
        const uid = `u_${uniq()}`;
        await Promise.all(Array.from({ length: 5 }, () => store.ensureAccount(uid, profile('b@example.com'), 10, CREDIT_RULES)));
        await store.ensureAccount(uid, profile('b@example.com'), 10, CREDIT_RULES);
        const account = await store.getAccount(uid);
        expect(account?.customer.creditsRemaining).toBe(10);
        expect(await store.listLedger(uid)).toHaveLength(1);
      });

      it('creates a whole account with no credits while the sign-up grant is withheld, and grants it later', async () => {
        const uid = `u_${uniq()}`;
        const withheld = { ...CREDIT_RULES, signup: withholdSignupGrant };
        const waiting = await store.ensureAccount(uid, profile('w@example.com'), 10, withheld);
        expect(waiting.customer).toMatchObject({ creditsRemaining: 0, signupGrantedAt: null });
        expect(await store.getAccount(uid)).toMatchObject({ customer: { creditsRemaining: 0, signupGrantedAt: null } });
        expect(await store.listLedger(uid)).toEqual([]);
        const granted = await store.ensureAccount(uid, profile('w@example.com'), 10, CREDIT_RULES);
        expect(granted.customer.creditsRemaining).toBe(10);
        expect(await store.listLedger(uid)).toMatchObject([{ delta: 10, reason: 'signup', ref: 'signup' }]);
      });

      it('grants the sign-up credits once per person: an account sharing a key of theirs gets none, its grant settled', async () => {
        const key = `email:${uniq()}@gmail.com`;
        const first = `u_${uniq()}`;
        const second = `u_${uniq()}`;
        await store.ensureAccount(first, profile('p1@example.com'), 10, CREDIT_RULES, [key]);
        const again = await store.ensureAccount(second, profile('p2@example.com'), 10, CREDIT_RULES, [`google.com:${uniq()}`, key]);
        expect(again.customer.creditsRemaining).toBe(0);
        expect(again.customer.signupGrantedAt).not.toBeNull();
        expect(await store.listLedger(second)).toEqual([]);
      });

      it('grants one person the sign-up credits once when two of their accounts ask at the same moment', async () => {
        const key = `google.com:${uniq()}`;
        const uids = [`u_${uniq()}`, `u_${uniq()}`];
        await Promise.all(uids.map((uid) => store.ensureAccount(uid, profile(`${uid}@example.com`), 10, CREDIT_RULES, [key])));
        const credits = await Promise.all(uids.map(async (uid) => (await store.getAccount(uid))?.customer.creditsRemaining));
        expect(credits.sort()).toEqual([0, 10]);
      });

      it('keeps an existing profile when ensureAccount runs again', async () => {
        const uid = await newAccount();
        await store.updateProfile(uid, { name: 'Renamed' });
        const again = await store.ensureAccount(uid, { name: 'Other', email: 'x@example.com', avatar: null }, 10, CREDIT_RULES);
        expect(again.profile.name).toBe('Renamed');
      });

      it('returns null for an unknown account', async () => {
        expect(await store.getAccount(`u_${uniq()}`)).toBeNull();
      });

      it('updates only name and avatar', async () => {
        const uid = await newAccount();
        const updated = await store.updateProfile(uid, { name: 'New Name', avatar: 'https://img.example/a.png' });
        expect(updated).toEqual({ name: 'New Name', email: `${uid}@example.com`, avatar: 'https://img.example/a.png' });
        const kept = await store.updateProfile(uid, { avatar: 'https://img.example/b.png' });
        expect(kept.name).toBe('New Name');
      });

      it('refuses to update a missing profile', async () => {
        await expect(store.updateProfile(`u_${uniq()}`, { name: 'x' })).rejects.toBeInstanceOf(AccountNotFound);
      });

      it('links a Stripe customer and finds the account by it', async () => {
        const uid = await newAccount();
        const customerId = `cus_${uniq()}`;
        await store.setStripeCustomer(uid, customerId);
        expect((await store.getAccount(uid))?.customer.stripeCustomerId).toBe(customerId);
        expect(await store.findUidByStripeCustomer(customerId)).toBe(uid);
        expect(await store.findUidByStripeCustomer(`cus_${uniq()}`)).toBeNull();
      });
    });

    describe('credit ledger', () => {
      it('applies a debit with its ledger entry', async () => {
        const uid = await newAccount();
        const result = await store.applyCredit({ uid, delta: -3, reason: 'stage', ref: 'r1' }, CREDIT_RULES);
        expect(result).toEqual({ creditsRemaining: 7, applied: true });
        const latest = (await store.listLedger(uid)).find((e) => e.ref === 'r1');
        expect(latest).toMatchObject({ delta: -3, reason: 'stage', ref: 'r1', balanceAfter: 7 });
      });

      it('applies a ref only once', async () => {
        const uid = await newAccount();
        await store.applyCredit({ uid, delta: 5, reason: 'subscription', ref: 'evt_1' }, CREDIT_RULES);
        const again = await store.applyCredit({ uid, delta: 5, reason: 'subscription', ref: 'evt_1' }, CREDIT_RULES);
        expect(again).toEqual({ creditsRemaining: 15, applied: false });
        expect(await store.listLedger(uid)).toHaveLength(2);
      });

      it('never goes below 0 and changes nothing when refused', async () => {
        const uid = await newAccount(2);
        const refused = store.applyCredit({ uid, delta: -3, reason: 'stage', ref: 'big' }, CREDIT_RULES);
        await expect(refused).rejects.toBeInstanceOf(InsufficientCredits);
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(2);
        expect(await store.listLedger(uid)).toHaveLength(1);
      });

      it('lets exactly the affordable debits through when they race', async () => {
        const uid = await newAccount(10);
        const results = await Promise.allSettled(
          Array.from({ length: 25 }, (_, i) =>
            store.applyCredit({ uid, delta: -1, reason: 'stage', ref: `race-${i}` }, CREDIT_RULES),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
        const rejected = results.filter((r) => r.status === 'rejected');
        expect(rejected.every((r) => r.reason instanceof InsufficientCredits)).toBe(true);
        const ledger = await store.listLedger(uid);
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(0);
        expect(ledger.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
      });

      it('answers a replayed debit as already applied even when the balance could no longer pay it', async () => {
        const uid = await newAccount(1);
        await store.applyCredit({ uid, delta: -1, reason: 'stage', ref: 'once' }, CREDIT_RULES);
        const replay = await store.applyCredit({ uid, delta: -1, reason: 'stage', ref: 'once' }, CREDIT_RULES);
        expect(replay).toEqual({ creditsRemaining: 0, applied: false });
      });

      it('refuses a change for an unknown account', async () => {
        const change = { uid: `u_${uniq()}`, delta: 1, reason: 'subscription' as const, ref: 'x' };
        await expect(store.applyCredit(change, CREDIT_RULES)).rejects.toBeInstanceOf(AccountNotFound);
      });
    });

    describe('stage bookkeeping', () => {
      const staleBefore = () => Date.now() - 10 * 60_000;

      it('debits one credit when a key starts', async () => {
        const uid = await newAccount(3);
        const begin = await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        expect(begin).toMatchObject({ kind: 'started', creditsRemaining: 2 });
        expect((await store.listLedger(uid)).find((e) => e.reason === 'stage')).toMatchObject({
          delta: -1,
          balanceAfter: 2,
        });
      });

      it('returns the first result for a completed key without another debit', async () => {
        const uid = await newAccount(3);
        const attemptId = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
        const edit = makeEdit(uid);
        const result = await store.completeStage({ uid, key: 'k1', attemptId, edit }, CREDIT_RULES);
        expect(result).toEqual({ editId: edit.id, inputUrl: edit.input_image_url, outputUrl: edit.output_image_url });
        const again = await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        expect(again).toEqual({ kind: 'completed', result, creditsRemaining: 2 });
        expect(await store.getStage(uid, 'k1')).toEqual({ status: 'completed', result });
      });

      it('answers in-progress for a pending key', async () => {
        const uid = await newAccount(3);
        await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        const again = await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        expect(again).toEqual({ kind: 'in-progress' });
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(2);
        expect(await store.getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
      });

      it('debits once when the same key races', async () => {
        const uid = await newAccount(5);
        const begins = await Promise.all(
          Array.from({ length: 6 }, () =>
            store.beginStage({ uid, key: 'same', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES),
          ),
        );
        expect(begins.filter((b) => b.kind === 'started')).toHaveLength(1);
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(4);
      });

      it('refunds a failed attempt and lets the key start over', async () => {
        const uid = await newAccount(3);
        const attemptId = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
        const refund = await store.failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
        expect(refund).toEqual({ creditsRemaining: 3, applied: true });
        expect((await store.listLedger(uid)).find((e) => e.reason === 'refund')).toMatchObject({
          delta: 1,
          ref: `refund:${attemptId}`,
        });
        expect(await store.getStage(uid, 'k1')).toBeNull();
        const retry = await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        expect(retry).toMatchObject({ kind: 'started', creditsRemaining: 2 });
      });

      it('lists pending attempts started before a time, with their owner, and not completed ones', async () => {
        const uid = await newAccount(5);
        const pending = uniq();
        const done = uniq();
        await store.beginStage({ uid, key: 'pending', attemptId: pending, staleBefore: staleBefore() }, CREDIT_RULES);
        await store.beginStage({ uid, key: 'done', attemptId: done, staleBefore: staleBefore() }, CREDIT_RULES);
        await store.completeStage({ uid, key: 'done', attemptId: done, edit: makeEdit(uid) }, CREDIT_RULES);
        const stale = (await store.listStaleStages(Date.now() + 1000, 500)).filter((s) => s.uid === uid);
        expect(stale).toEqual([{ uid, key: 'pending', attemptId: pending }]);
        expect((await store.listStaleStages(Date.now() - 60_000, 500)).filter((s) => s.uid === uid)).toEqual([]);
      });

      it('refunds and restarts a stale pending attempt, the refund posted before the new debit', async () => {
        const uid = await newAccount(3);
        await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        const restarted = await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: Date.now() + 1000 }, CREDIT_RULES);
        expect(restarted).toMatchObject({ kind: 'started', creditsRemaining: 2 });
        const newestFirst = (await store.listLedger(uid)).map((e) => [e.reason, e.balanceAfter]);
        expect(newestFirst).toEqual([
          ['stage', 2],
          ['refund', 3],
          ['stage', 2],
          ['signup', 3],
        ]);
        expect(await store.getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
      });

      it('throws InsufficientCredits and records nothing without credits', async () => {
        const uid = await newAccount(0);
        const begin = store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        await expect(begin).rejects.toBeInstanceOf(InsufficientCredits);
        expect(await store.getStage(uid, 'k1')).toBeNull();
      });

      it('refunds a failed attempt once, however often it fails', async () => {
        const uid = await newAccount(3);
        const attemptId = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
        await store.failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
        const again = await store.failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
        expect(again).toEqual({ creditsRemaining: 3, applied: false });
        expect((await store.listLedger(uid)).filter((e) => e.reason === 'refund')).toHaveLength(1);
      });

      it('keeps the key of the attempt that took over when the stale one fails late, and pays nothing twice', async () => {
        const uid = await newAccount(3);
        const stale = uniq();
        const current = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId: stale, staleBefore: staleBefore() }, CREDIT_RULES);
        await store.beginStage({ uid, key: 'k1', attemptId: current, staleBefore: Date.now() + 1000 }, CREDIT_RULES);
        const late = await store.failStage({ uid, key: 'k1', attemptId: stale }, CREDIT_RULES);
        expect(late).toEqual({ creditsRemaining: 2, applied: false });
        expect(await store.getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
        const held = (await store.listStaleStages(Date.now() + 1000, 500)).filter((s) => s.uid === uid);
        expect(held).toEqual([{ uid, key: 'k1', attemptId: current }]);
      });

      it('refuses to complete an attempt that no longer holds its key, and records no edit', async () => {
        const uid = await newAccount(3);
        const stale = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId: stale, staleBefore: staleBefore() }, CREDIT_RULES);
        await store.beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: Date.now() + 1000 }, CREDIT_RULES);
        const late = store.completeStage({ uid, key: 'k1', attemptId: stale, edit: makeEdit(uid) }, CREDIT_RULES);
        await expect(late).rejects.toThrow();
        expect((await store.listImageEdits(uid, null, 10)).data).toEqual([]);
        expect(await store.getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
      });

      it('completes an attempt once when two completions of it race, recording one edit', async () => {
        const uid = await newAccount(3);
        const attemptId = uniq();
        await store.beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
        const edits = [makeEdit(uid), makeEdit(uid)];
        const outcomes = await Promise.allSettled(
          edits.map((edit) => store.completeStage({ uid, key: 'k1', attemptId, edit }, CREDIT_RULES)),
        );
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        const recorded = (await store.listImageEdits(uid, null, 10)).data;
        expect(recorded).toHaveLength(1);
        expect(await store.getStage(uid, 'k1')).toMatchObject({ status: 'completed', result: { editId: recorded[0]!.id } });
      });

      it('scopes keys to the account', async () => {
        const a = await newAccount(1);
        const b = await newAccount(1);
        await store.beginStage({ uid: a, key: 'shared', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        const other = await store.beginStage({ uid: b, key: 'shared', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
        expect(other.kind).toBe('started');
      });
    });

    describeImageEdits(() => store, () => newAccount(10));

    describe('listings', () => {
      it('creates and reads an item', async () => {
        const owner = await newAccount();
        const item = makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/1t.jpg'], aiStaged: true });
        expect(await store.createItem(item)).toEqual(item);
        expect(await store.getItem(item.id)).toEqual(item);
        expect(await store.getItem(uniq())).toBeNull();
      });

      it('updates an item for its owner, keeping images when the patch has none', async () => {
        const owner = await newAccount();
        const item = await store.createItem(
          makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/t.jpg'] }),
        );
        const updated = await store.updateItem(item.id, owner, {
          ...UNCHANGED_FACTS,
          title: 'Walnut dresser',
          description: 'Refinished',
          price: 150,
          tags: ['walnut'],
          state: 'sold',
          keywords: ['walnut', 'dresser'],
          updated_at: new Date(Date.now() + 1000).toISOString(),
        });
        expect(updated).toMatchObject({
          title: 'Walnut dresser',
          price: 150,
          state: 'sold',
          images: item.images,
          created_at: item.created_at,
        });
        expect(await store.getItem(item.id)).toEqual(updated);
      });

      it('replaces images, thumbs and aiStaged together when the patch has them', async () => {
        const owner = await newAccount();
        const item = await store.createItem(
          makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/t.jpg'] }),
        );
        const updated = await store.updateItem(item.id, owner, {
          ...UNCHANGED_FACTS,
          title: item.title,
          description: item.description,
          price: item.price,
          tags: item.tags,
          state: item.state,
          keywords: item.keywords,
          updated_at: item.updated_at,
          images: ['https://b/2.jpg', 'https://b/3.jpg'],
          thumbs: ['https://b/2t.jpg', 'https://b/3t.jpg'],
          aiStaged: true,
        });
        expect(updated).toMatchObject({
          images: ['https://b/2.jpg', 'https://b/3.jpg'],
          thumbs: ['https://b/2t.jpg', 'https://b/3t.jpg'],
          aiStaged: true,
        });
      });

      it('refuses an update by another user or of a missing item', async () => {
        const owner = await newAccount();
        const item = await store.createItem(makeItemDoc({ owner }));
        const patch = {
          ...UNCHANGED_FACTS,
          title: 'x',
          description: 'y',
          price: 1,
          tags: [],
          state: 'active' as const,
          keywords: [],
          updated_at: item.updated_at,
        };
        await expect(store.updateItem(item.id, 'someone-else', patch)).rejects.toBeInstanceOf(NotItemOwner);
        await expect(store.updateItem(uniq(), owner, patch)).rejects.toBeInstanceOf(ItemNotFound);
        expect((await store.getItem(item.id))?.title).toBe(item.title);
      });
    });

    describeListingLifecycle(() => store, () => newAccount());
    describeItemSearch(() => store, () => newAccount());

    describe('stripe events', () => {
      it('applies a credit grant once per event id', async () => {
        const uid = await newAccount(10);
        const customerId = `cus_${uniq()}`;
        await store.setStripeCustomer(uid, customerId);
        const eventId = `evt_${uniq()}`;
        const input = {
          eventId,
          type: 'invoice.paid',
          effect: {
            kind: 'grant-credits' as const,
            stripeCustomerId: customerId,
            delta: 25,
            reason: 'subscription' as const,
          },
        };
        const results = await Promise.all(Array.from({ length: 5 }, () => store.processStripeEvent(input, CREDIT_RULES)));
        expect(results.filter((r) => r.applied)).toHaveLength(1);
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(35);
        expect((await store.listLedger(uid)).find((e) => e.ref === eventId)).toMatchObject({
          delta: 25,
          reason: 'subscription',
          balanceAfter: 35,
        });
      });

      it('links a customer from a checkout event', async () => {
        const uid = await newAccount();
        const customerId = `cus_${uniq()}`;
        const result = await store.processStripeEvent({
          eventId: `evt_${uniq()}`,
          type: 'checkout.session.completed',
          effect: { kind: 'link-customer', uid, stripeCustomerId: customerId },
        }, CREDIT_RULES);
        expect(result.applied).toBe(true);
        expect(await store.findUidByStripeCustomer(customerId)).toBe(uid);
      });

      it('syncs subscription state and ignores an older read', async () => {
        const uid = await newAccount();
        const customerId = `cus_${uniq()}`;
        await store.setStripeCustomer(uid, customerId);
        const sync = (status: string, priceId: string, stateAt: number, heldBefore: string | null = 'sub_1') =>
          store.processStripeEvent({
            eventId: `evt_${uniq()}`,
            type: 'customer.subscription.updated',
            effect: {
              kind: 'sync-subscription',
              stripeCustomerId: customerId,
              subscriptionId: 'sub_1',
              status,
              priceId,
              stateAt,
              heldBefore,
              trialGrant: null,
            },
          }, CREDIT_RULES);
        await sync('active', 'price_b', 2000, null);
        const stale = await sync('trialing', 'price_a', 1000);
        expect(stale.applied).toBe(true);
        const customer = (await store.getAccount(uid))?.customer;
        expect(customer).toMatchObject({
          stripeSubscriptionStatus: 'active',
          stripePriceId: 'price_b',
          stripeSubscriptionId: 'sub_1',
          subscriptionStateAt: 2000,
        });
        await sync('canceled', 'price_b', 3000);
        expect((await store.getAccount(uid))?.customer.stripeSubscriptionStatus).toBe('canceled');
      });

      describe('the held subscription', () => {
        async function customerWithStripe(): Promise<{ uid: string; customerId: string }> {
          const uid = await newAccount();
          const customerId = `cus_${uniq()}`;
          await store.setStripeCustomer(uid, customerId);
          return { uid, customerId };
        }
        const sync = (
          customerId: string,
          subscriptionId: string,
          heldBefore: string | null,
          extra: { status?: string; stateAt?: number; trialGrant?: { delta: number; ref: string } } = {},
        ) => ({
          eventId: `evt_${uniq()}`,
          type: 'customer.subscription.updated',
          effect: {
            kind: 'sync-subscription' as const,
            stripeCustomerId: customerId,
            subscriptionId,
            status: extra.status ?? 'active',
            priceId: 'price_b',
            stateAt: extra.stateAt ?? Date.now(),
            heldBefore,
            trialGrant: extra.trialGrant ?? null,
          },
        });

        it('is replaced by a subscription decided against it, whatever the stored read time', async () => {
          const { uid, customerId } = await customerWithStripe();
          await store.processStripeEvent(sync(customerId, 'sub_old', null, { status: 'canceled', stateAt: 5000 }), CREDIT_RULES);
          await store.processStripeEvent(sync(customerId, 'sub_new', 'sub_old', { stateAt: 1000 }), CREDIT_RULES);
          expect((await store.getAccount(uid))?.customer).toMatchObject({
            stripeSubscriptionId: 'sub_new',
            stripeSubscriptionStatus: 'active',
          });
        });

        it('refuses a decision made against another held subscription and records nothing, so a retry can apply', async () => {
          const { uid, customerId } = await customerWithStripe();
          await store.processStripeEvent(sync(customerId, 'sub_first', null, { status: 'trialing' }), CREDIT_RULES);
          const raced = sync(customerId, 'sub_second', null, { status: 'trialing' });
          await expect(store.processStripeEvent(raced, CREDIT_RULES)).rejects.toBeInstanceOf(HeldSubscriptionChanged);
          expect((await store.getAccount(uid))?.customer.stripeSubscriptionId).toBe('sub_first');
          const decidedAgain = { ...raced, effect: { ...raced.effect, heldBefore: 'sub_first' } };
          expect(await store.processStripeEvent(decidedAgain, CREDIT_RULES)).toEqual({ applied: true });
        });

        it('brings the trial grant once per account, however many states carry it', async () => {
          const { uid, customerId } = await customerWithStripe();
          const trialGrant = { delta: 450, ref: 'trial' };
          await store.processStripeEvent(sync(customerId, 'sub_a', null, { status: 'trialing', trialGrant }), CREDIT_RULES);
          await store.processStripeEvent(sync(customerId, 'sub_a', 'sub_a', { status: 'trialing', trialGrant }), CREDIT_RULES);
          await store.processStripeEvent(sync(customerId, 'sub_b', 'sub_a', { status: 'trialing', trialGrant }), CREDIT_RULES);
          expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(10 + 450);
          const trial = (await store.listLedger(uid)).filter((entry) => entry.ref === 'trial');
          expect(trial).toEqual([expect.objectContaining({ delta: 450, reason: 'subscription', balanceAfter: 460 })]);
        });

        it('grants nothing with a state older than the stored one', async () => {
          const { uid, customerId } = await customerWithStripe();
          await store.processStripeEvent(sync(customerId, 'sub_a', null, { status: 'active', stateAt: 2000 }), CREDIT_RULES);
          const trialGrant = { delta: 25, ref: 'trial' };
          await store.processStripeEvent(
            sync(customerId, 'sub_a', 'sub_a', { status: 'trialing', stateAt: 1000, trialGrant }), CREDIT_RULES,
          );
          expect((await store.getAccount(uid))?.customer).toMatchObject({
            stripeSubscriptionStatus: 'active',
            creditsRemaining: 10,
          });
        });
      });

      it('records an event without an effect once', async () => {
        const eventId = `evt_${uniq()}`;
        expect(await store.processStripeEvent({ eventId, type: 'invoice.created', effect: { kind: 'none' } }, CREDIT_RULES)).toEqual({
          applied: true,
        });
        expect(await store.processStripeEvent({ eventId, type: 'invoice.created', effect: { kind: 'none' } }, CREDIT_RULES)).toEqual({
          applied: false,
        });
      });

      it('fails without recording the event when the customer is unknown, so a retry can apply it', async () => {
        const eventId = `evt_${uniq()}`;
        const customerId = `cus_${uniq()}`;
        const input = {
          eventId,
          type: 'invoice.paid',
          effect: {
            kind: 'grant-credits' as const,
            stripeCustomerId: customerId,
            delta: 25,
            reason: 'subscription' as const,
          },
        };
        await expect(store.processStripeEvent(input, CREDIT_RULES)).rejects.toBeInstanceOf(UnknownStripeCustomer);
        const uid = await newAccount(0);
        await store.setStripeCustomer(uid, customerId);
        expect(await store.processStripeEvent(input, CREDIT_RULES)).toEqual({ applied: true });
        expect((await store.getAccount(uid))?.customer.creditsRemaining).toBe(25);
      });
    });
  });
}
