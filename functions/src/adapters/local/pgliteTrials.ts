/**
 * A visitor's free tries on PGlite (ports/trials.ts): the customer row locked first, the ledger's
 * trial refs, the address's count for the day and the held results read and written in one
 * transaction.
 */
import type { PGlite } from '@electric-sql/pglite';
import { TRIAL_END_REF, TRIAL_REF, type TrialStore } from '../../ports/store.js';
import { applyCreditDecision, isPosted, lockCustomer } from './pgliteLedger.js';

const EDIT_COLUMNS =
  'id, user_id, input_image_url, output_image_url, background_style, style, furniture_type, created_at';

export function pgliteTrials(db: PGlite): TrialStore {
  return {
    grantTrial({ uid, credits, address, day, perAddressPerDay }, rules) {
      return db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, uid);
        const balance = customer.credits_remaining;
        const counted = address !== null && perAddressPerDay !== null;
        const row = counted
          ? (
              await tx.query<{ count: number }>(
                'SELECT count FROM trial_addresses WHERE address = $1 AND day = $2 FOR UPDATE',
                [address, day],
              )
            ).rows[0]
          : undefined;
        const decision = rules.grantTrial({
          uid,
          credits,
          balance,
          granted: await isPosted(tx, uid, TRIAL_REF),
          signedUp: customer.signup_granted_at !== null,
          addressCount: row?.count ?? 0,
          perAddressPerDay: counted ? perAddressPerDay : null,
        });
        if (decision.kind !== 'grant') return { kind: decision.kind, creditsRemaining: balance };
        const posted = await applyCreditDecision(tx, uid, balance, decision.credit);
        if (decision.countAddress)
          await tx.query(
            `INSERT INTO trial_addresses (address, day, count) VALUES ($1, $2, 1)
             ON CONFLICT (address, day) DO UPDATE SET count = trial_addresses.count + 1`,
            [address, day],
          );
        return { kind: 'granted', creditsRemaining: posted.creditsRemaining };
      });
    },

    endTrial(uid, rules) {
      return db.transaction(async (tx) => {
        const balance = (await lockCustomer(tx, uid)).credits_remaining;
        const granted = await isPosted(tx, uid, TRIAL_REF);
        const ended = await isPosted(tx, uid, TRIAL_END_REF);
        const posted = await applyCreditDecision(tx, uid, balance, rules.endTrial({ uid, balance, granted, ended }));
        const moved = await tx.query(
          `WITH held AS (DELETE FROM held_edits WHERE user_id = $1 RETURNING ${EDIT_COLUMNS})
           INSERT INTO image_edits (${EDIT_COLUMNS}) SELECT ${EDIT_COLUMNS} FROM held`,
          [uid],
        );
        return {
          ended: posted.applied,
          releasedEdits: moved.affectedRows ?? 0,
          creditsRemaining: posted.creditsRemaining,
        };
      });
    },
  };
}
