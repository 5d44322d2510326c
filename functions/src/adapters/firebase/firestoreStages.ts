/**
 * Stage bookkeeping on Firestore: customers/{uid}/stage_requests/{key}, read with the customer
 * document in one round trip, so racing requests for one key serialize on both and the credit
 * rules decide from what the transaction saw.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { CUSTOMER_SUBCOLLECTIONS, progressOfStage } from '@flipstage/core';
import {
  AccountNotFound,
  InsufficientCredits,
  type CreditResult,
  type StageRecord,
  type StageResult,
  type StageStore,
} from '../../ports/store.js';
import { getDocuments, readCustomer, type FirestoreRefs, type StoredStageRequest } from './firestoreDocs.js';
import { postCreditDecision, postLedgerEntry } from './firestoreLedger.js';

type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

function toStageRecord(stored: StoredStageRequest | undefined): StageRecord | null {
  if (!stored) return null;
  const { attemptId, status, startedAt, result } = stored;
  return { attemptId, status, startedAt, result };
}

export function firestoreStages(db: Firestore, refs: FirestoreRefs, transaction: RunTransaction): StageStore {
  return {
    beginStage(input, rules) {
      return transaction(async (tx) => {
        const { uid, key, attemptId } = input;
        const [customerSnap, stageSnap] = await getDocuments(tx, refs.customer(uid), refs.stageRequest(uid, key));
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const balance = customer.creditsRemaining;
        const stage = toStageRecord(stageSnap.data());
        const decision = rules.beginStage({ ...input, stage, balance, now: Date.now() });
        switch (decision.kind) {
          case 'replay':
            return { kind: 'completed' as const, result: decision.result, creditsRemaining: balance };
          case 'in-progress':
            return { kind: 'in-progress' as const };
          case 'insufficient':
            throw new InsufficientCredits(balance);
          case 'begin':
          case 'restart': {
            const at = new Date().toISOString();
            const entries = decision.kind === 'restart' ? [decision.refund, decision.debit] : [decision.debit];
            const updated = entries.reduce(
              (state, entry) => postLedgerEntry(tx, refs, uid, state, entry, at),
              customer,
            );
            tx.set(refs.customer(uid), updated);
            tx.set(refs.stageRequest(uid, key), { key, ...decision.pending });
            return { kind: 'started' as const, attemptId, creditsRemaining: updated.creditsRemaining };
          }
        }
      });
    },

    completeStage({ uid, key, attemptId, edit, held }, rules) {
      return transaction(async (tx): Promise<StageResult> => {
        const stageRef = refs.stageRequest(uid, key);
        const result: StageResult = {
          editId: edit.id,
          inputUrl: edit.input_image_url,
          outputUrl: edit.output_image_url,
        };
        const decision = rules.completeStage({
          stage: toStageRecord((await tx.get(stageRef)).data()),
          attemptId,
          result,
        });
        if (decision.kind === 'not-pending') throw new Error(`No pending stage attempt ${attemptId}`);
        tx.create(held ? refs.heldEdit(uid, edit.id) : refs.imageEdits.doc(edit.id), edit);
        tx.update(stageRef, { status: decision.completed.status, result: decision.completed.result });
        return result;
      });
    },

    failStage({ uid, key, attemptId }, rules) {
      return transaction(async (tx): Promise<CreditResult> => {
        const [customerSnap, stageSnap, refundSnap] = await getDocuments(
          tx,
          refs.customer(uid),
          refs.stageRequest(uid, key),
          refs.ledgerEntry(uid, rules.refundRef(attemptId)),
        );
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const stage = toStageRecord(stageSnap.data());
        const decision = rules.failStage({
          uid,
          attemptId,
          stage,
          balance: customer.creditsRemaining,
          refundPosted: refundSnap.exists,
        });
        if (decision.forget) tx.delete(stageSnap.ref);
        const posted = postCreditDecision(tx, refs, uid, customer, decision.refund, new Date().toISOString());
        if (posted.result.applied) tx.set(refs.customer(uid), posted.customer);
        return posted.result;
      });
    },

    async listStaleStages(startedBefore, limit) {
      const snap = await db
        .collectionGroup(CUSTOMER_SUBCOLLECTIONS.stageRequests)
        .where('status', '==', 'pending')
        .where('startedAt', '<', startedBefore)
        .orderBy('startedAt')
        .limit(limit)
        .get();
      return snap.docs.map((doc) => {
        const stage = doc.data() as StoredStageRequest;
        return { uid: doc.ref.parent.parent!.id, key: stage.key, attemptId: stage.attemptId };
      });
    },

    async recordStageProgress({ uid, key, attemptId, progress }) {
      // Read in the transaction: a write that lands after the completion or the refund changes nothing.
      await transaction(async (tx) => {
        const ref = refs.stageRequest(uid, key);
        const stage = (await tx.get(ref)).data();
        if (stage?.attemptId === attemptId && stage.status === 'pending') tx.update(ref, { progress });
      });
    },

    async getStageProgress(uid, key) {
      const stage = (await refs.stageRequest(uid, key).get()).data();
      return stage ? progressOfStage(stage.status, stage.progress ?? null) : null;
    },

    async getStage(uid, key) {
      const stage = (await refs.stageRequest(uid, key).get()).data();
      if (!stage) return null;
      return { status: stage.status, result: stage.status === 'completed' ? stage.result : null };
    },
  };
}
