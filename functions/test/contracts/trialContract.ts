/**
 * The free tries part of the Store contract (issue 24), run against every adapter: a visitor's
 * trial granted once and counted per address a day, their staging held rather than saved, and the
 * trial ended once at sign-up with the held results saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_CREDITS, type ImageEdit } from '@flipstage/core';
import type { Store } from '../../src/ports/store.js';
import type { LedgerRules } from '../../src/ports/ledger.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { withholdSignupGrant } from '../../src/services/credits.js';
import { makeEdit, uniq } from './contractData.js';

const WITHHOLD: LedgerRules = { ...CREDIT_RULES, signup: withholdSignupGrant };


export function describeTrialContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, free tries: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store.close());

    async function visitor(): Promise<string> {
      const uid = `v_${uniq()}`;
      await store.ensureAccount(uid, { name: null, email: null, avatar: null }, 10, WITHHOLD);
      return uid;
    }

    const grant = (uid: string, address: string | null = null, perAddressPerDay: number | null = null) =>
      store.grantTrial({ uid, credits: TRIAL_CREDITS, address, day: '2026-11-26', perAddressPerDay }, CREDIT_RULES);

    async function heldStaging(uid: string): Promise<ImageEdit> {
      const key = uniq();
      const attemptId = uniq();
      await store.beginStage({ uid, key, attemptId, staleBefore: Date.now() - 600_000 }, CREDIT_RULES);
      const held = makeEdit(uid);
      await store.completeStage({ uid, key, attemptId, edit: held, held: true }, CREDIT_RULES);
      return held;
    }

    it('grants the trial once', async () => {
      const uid = await visitor();
      expect(await grant(uid)).toEqual({ kind: 'granted', creditsRemaining: TRIAL_CREDITS });
      expect(await grant(uid)).toEqual({ kind: 'already-granted', creditsRemaining: TRIAL_CREDITS });
      expect((await store.listLedger(uid)).map((entry) => [entry.reason, entry.ref])).toEqual([['trial', 'trial']]);
    });

    it('grants an address its trials for the day, then none', async () => {
      const address = `203.0.113.${Math.floor(Math.random() * 250)}-${uniq()}`;
      const kinds = [];
      for (let i = 0; i < 3; i++) kinds.push((await grant(await visitor(), address, 2)).kind);
      expect(kinds).toEqual(['granted', 'granted', 'address-used-up']);
    });

    it('holds a visitor’s staging out of the image edits', async () => {
      const uid = await visitor();
      await grant(uid);
      await heldStaging(uid);
      expect((await store.listImageEdits(uid, null, 10)).data).toEqual([]);
    });

    it('ends the trial once: the tries left taken back, the held results saved', async () => {
      const uid = await visitor();
      await grant(uid);
      const held = await heldStaging(uid);
      expect(await store.endTrial(uid, CREDIT_RULES)).toEqual({ ended: true, releasedEdits: 1, creditsRemaining: 0 });
      expect((await store.listImageEdits(uid, null, 10)).data).toEqual([held]);
      expect(await store.endTrial(uid, CREDIT_RULES)).toEqual({ ended: false, releasedEdits: 0, creditsRemaining: 0 });
    });

    it('leaves an account that had no trial alone', async () => {
      const uid = `u_${uniq()}`;
      await store.ensureAccount(uid, { name: 'Seller', email: `${uid}@example.com`, avatar: null }, 10, CREDIT_RULES);
      expect(await store.endTrial(uid, CREDIT_RULES)).toEqual({ ended: false, releasedEdits: 0, creditsRemaining: 10 });
    });
  });
}
