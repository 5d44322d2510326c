/**
 * The Store contract's accounts and their credit ledger: sign-up credits granted once per person,
 * profiles, Stripe customers, and debits that never overdraw. Called from the Store contract, so it
 * runs against every adapter.
 */
import { describe, expect, it } from 'vitest';
import { AccountNotFound, InsufficientCredits, type Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { withholdSignupGrant } from '../../src/services/credits.js';
import { profile, uniq } from './contractData.js';

export function describeAccounts(store: () => Store, newAccount: (credits?: number) => Promise<string>): void {
  describe('accounts', () => {
    it('creates the profile and customer with the sign-up credits and one signup ledger entry', async () => {
      const uid = `u_${uniq()}`;
      const account = await store().ensureAccount(uid, profile('a@example.com'), 10, CREDIT_RULES);
      expect(account.profile).toEqual({ name: 'Test Seller', email: 'a@example.com', avatar: null });
      expect(account.customer.creditsRemaining).toBe(10);
      expect(account.customer.signupGrantedAt).not.toBeNull();
      const ledger = await store().listLedger(uid);
      expect(ledger).toMatchObject([{ delta: 10, reason: 'signup', ref: 'signup', balanceAfter: 10 }]);
    });

    it('grants the sign-up credits exactly once, even when called concurrently', async () => {
      const uid = `u_${uniq()}`;
      await Promise.all(
        Array.from({ length: 5 }, () => store().ensureAccount(uid, profile('b@example.com'), 10, CREDIT_RULES)),
      );
      await store().ensureAccount(uid, profile('b@example.com'), 10, CREDIT_RULES);
      const account = await store().getAccount(uid);
      expect(account?.customer.creditsRemaining).toBe(10);
      expect(await store().listLedger(uid)).toHaveLength(1);
    });

    it('creates a whole account with no credits while the sign-up grant is withheld, and grants it later', async () => {
      const uid = `u_${uniq()}`;
      const withheld = { ...CREDIT_RULES, signup: withholdSignupGrant };
      const waiting = await store().ensureAccount(uid, profile('w@example.com'), 10, withheld);
      expect(waiting.customer).toMatchObject({ creditsRemaining: 0, signupGrantedAt: null });
      expect(await store().getAccount(uid)).toMatchObject({ customer: { creditsRemaining: 0, signupGrantedAt: null } });
      expect(await store().listLedger(uid)).toEqual([]);
      const granted = await store().ensureAccount(uid, profile('w@example.com'), 10, CREDIT_RULES);
      expect(granted.customer.creditsRemaining).toBe(10);
      expect(await store().listLedger(uid)).toMatchObject([{ delta: 10, reason: 'signup', ref: 'signup' }]);
    });

    it('grants the sign-up credits once per person: an account sharing a key of theirs gets none, its grant settled', async () => {
      const key = `email:${uniq()}@gmail.com`;
      const first = `u_${uniq()}`;
      const second = `u_${uniq()}`;
      await store().ensureAccount(first, profile('p1@example.com'), 10, CREDIT_RULES, [key]);
      const again = await store().ensureAccount(second, profile('p2@example.com'), 10, CREDIT_RULES, [
        `google.com:${uniq()}`,
        key,
      ]);
      expect(again.customer.creditsRemaining).toBe(0);
      expect(again.customer.signupGrantedAt).not.toBeNull();
      expect(await store().listLedger(second)).toEqual([]);
    });

    it('grants one person the sign-up credits once when two of their accounts ask at the same moment', async () => {
      const key = `google.com:${uniq()}`;
      const uids = [`u_${uniq()}`, `u_${uniq()}`];
      await Promise.all(
        uids.map((uid) => store().ensureAccount(uid, profile(`${uid}@example.com`), 10, CREDIT_RULES, [key])),
      );
      const credits = await Promise.all(
        uids.map(async (uid) => (await store().getAccount(uid))?.customer.creditsRemaining),
      );
      expect(credits.sort()).toEqual([0, 10]);
    });

    it('keeps an existing profile when ensureAccount runs again', async () => {
      const uid = await newAccount();
      await store().updateProfile(uid, { name: 'Renamed' });
      const again = await store().ensureAccount(
        uid,
        { name: 'Other', email: 'x@example.com', avatar: null },
        10,
        CREDIT_RULES,
      );
      expect(again.profile.name).toBe('Renamed');
    });

    it('returns null for an unknown account', async () => {
      expect(await store().getAccount(`u_${uniq()}`)).toBeNull();
    });

    it('updates only name and avatar', async () => {
      const uid = await newAccount();
      const updated = await store().updateProfile(uid, { name: 'New Name', avatar: 'https://img.example/a.png' });
      expect(updated).toEqual({ name: 'New Name', email: `${uid}@example.com`, avatar: 'https://img.example/a.png' });
      const kept = await store().updateProfile(uid, { avatar: 'https://img.example/b.png' });
      expect(kept.name).toBe('New Name');
    });

    it('refuses to update a missing profile', async () => {
      await expect(store().updateProfile(`u_${uniq()}`, { name: 'x' })).rejects.toBeInstanceOf(AccountNotFound);
    });

    it('links a Stripe customer and finds the account by it', async () => {
      const uid = await newAccount();
      const customerId = `cus_${uniq()}`;
      await store().setStripeCustomer(uid, customerId);
      expect((await store().getAccount(uid))?.customer.stripeCustomerId).toBe(customerId);
      expect(await store().findUidByStripeCustomer(customerId)).toBe(uid);
      expect(await store().findUidByStripeCustomer(`cus_${uniq()}`)).toBeNull();
    });
  });

  describe('credit ledger', () => {
    it('applies a debit with its ledger entry', async () => {
      const uid = await newAccount();
      const result = await store().applyCredit({ uid, delta: -3, reason: 'stage', ref: 'r1' }, CREDIT_RULES);
      expect(result).toEqual({ creditsRemaining: 7, applied: true });
      const latest = (await store().listLedger(uid)).find((e) => e.ref === 'r1');
      expect(latest).toMatchObject({ delta: -3, reason: 'stage', ref: 'r1', balanceAfter: 7 });
    });

    it('applies a ref only once', async () => {
      const uid = await newAccount();
      await store().applyCredit({ uid, delta: 5, reason: 'subscription', ref: 'evt_1' }, CREDIT_RULES);
      const again = await store().applyCredit({ uid, delta: 5, reason: 'subscription', ref: 'evt_1' }, CREDIT_RULES);
      expect(again).toEqual({ creditsRemaining: 15, applied: false });
      expect(await store().listLedger(uid)).toHaveLength(2);
    });

    it('never goes below 0 and changes nothing when refused', async () => {
      const uid = await newAccount(2);
      const refused = store().applyCredit({ uid, delta: -3, reason: 'stage', ref: 'big' }, CREDIT_RULES);
      await expect(refused).rejects.toBeInstanceOf(InsufficientCredits);
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(2);
      expect(await store().listLedger(uid)).toHaveLength(1);
    });

    it('lets exactly the affordable debits through when they race', async () => {
      const uid = await newAccount(10);
      const results = await Promise.allSettled(
        Array.from({ length: 25 }, (_, i) =>
          store().applyCredit({ uid, delta: -1, reason: 'stage', ref: `race-${i}` }, CREDIT_RULES),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      const rejected = results.filter((r) => r.status === 'rejected');
      expect(rejected.every((r) => r.reason instanceof InsufficientCredits)).toBe(true);
      const ledger = await store().listLedger(uid);
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(0);
      expect(ledger.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
    });

    it('answers a replayed debit as already applied even when the balance could no longer pay it', async () => {
      const uid = await newAccount(1);
      await store().applyCredit({ uid, delta: -1, reason: 'stage', ref: 'once' }, CREDIT_RULES);
      const replay = await store().applyCredit({ uid, delta: -1, reason: 'stage', ref: 'once' }, CREDIT_RULES);
      expect(replay).toEqual({ creditsRemaining: 0, applied: false });
    });

    it('refuses a change for an unknown account', async () => {
      const change = { uid: `u_${uniq()}`, delta: 1, reason: 'subscription' as const, ref: 'x' };
      await expect(store().applyCredit(change, CREDIT_RULES)).rejects.toBeInstanceOf(AccountNotFound);
    });
  });
}
