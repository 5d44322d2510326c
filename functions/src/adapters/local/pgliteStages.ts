/**
 * Stage bookkeeping on PGlite: stage_requests rows keyed by (uid, key), and the image_edits a
 * completed attempt records. Each operation reads the customer (locked) and the key's row, asks
 * the rules, and writes what they decided.
 */
import type { PGlite } from '@electric-sql/pglite';
import { progressOfStage, type ImageEdit, type StagePhaseName } from '@flipstage/core';
import {
  AccountNotFound,
  InsufficientCredits,
  type ImageEditStore,
  type StageRecord,
  type StageResult,
  type StageStore,
} from '../../ports/store.js';
import { pageOf } from './pgliteItems.js';
import { applyCreditDecision, isPosted, lockCustomer, postingStatement, type Tx } from './pgliteLedger.js';

interface StageRow {
  attempt_id: string;
  status: 'pending' | 'completed';
  started_at: string | number;
  edit_id: string | null;
  input_url: string | null;
  output_url: string | null;
}

interface ProgressRow {
  status: 'pending' | 'completed';
  progress_phase: StagePhaseName | null;
  progress_step: number | null;
  progress_steps: number | null;
}

interface EditRow {
  id: string;
  user_id: string;
  input_image_url: string;
  output_image_url: string;
  background_style: string;
  style: string | null;
  furniture_type: string | null;
  created_at: Date;
}

function stageResult(row: StageRow): StageResult | null {
  if (row.status !== 'completed' || !row.edit_id || !row.input_url || !row.output_url) return null;
  return { editId: row.edit_id, inputUrl: row.input_url, outputUrl: row.output_url };
}

function toStageRecord(row: StageRow): StageRecord {
  return { attemptId: row.attempt_id, status: row.status, startedAt: Number(row.started_at), result: stageResult(row) };
}

async function readStage(tx: Tx, uid: string, key: string, forUpdate = false): Promise<StageRecord | null> {
  const sql = `SELECT * FROM stage_requests WHERE uid = $1 AND key = $2${forUpdate ? ' FOR UPDATE' : ''}`;
  const row = (await tx.query<StageRow>(sql, [uid, key])).rows[0];
  return row ? toStageRecord(row) : null;
}

/**
 * The customer's row locked (as lockCustomer) and the key's stage record, in one round trip: what
 * beginStage's rules read.
 */
async function lockCustomerWithStage(
  tx: Tx,
  uid: string,
  key: string,
): Promise<{ balance: number; stage: StageRecord | null }> {
  const row = (
    await tx.query<{ credits_remaining: number } & { [K in keyof StageRow]: StageRow[K] | null }>(
      `SELECT c.credits_remaining, s.attempt_id, s.status, s.started_at, s.edit_id, s.input_url, s.output_url
         FROM customers c LEFT JOIN stage_requests s ON s.uid = c.uid AND s.key = $2
        WHERE c.uid = $1 FOR UPDATE OF c`,
      [uid, key],
    )
  ).rows[0];
  if (!row) throw new AccountNotFound(uid);
  const { credits_remaining: balance, attempt_id, status, started_at } = row;
  const stage =
    attempt_id === null || status === null || started_at === null
      ? null
      : toStageRecord({ ...row, attempt_id, status, started_at });
  return { balance, stage };
}

export function pgliteStages(db: PGlite): StageStore & ImageEditStore {
  return {
    beginStage(input, rules) {
      return db.transaction(async (tx) => {
        const { uid, key, attemptId } = input;
        const { balance, stage } = await lockCustomerWithStage(tx, uid, key);
        const decision = rules.beginStage({ ...input, stage, balance, now: Date.now() });
        switch (decision.kind) {
          case 'replay':
            return { kind: 'completed', result: decision.result, creditsRemaining: balance };
          case 'in-progress':
            return { kind: 'in-progress' };
          case 'insufficient':
            throw new InsufficientCredits(balance);
          case 'begin':
          case 'restart': {
            // Only a crashed attempt's key is taken over: rare enough for a statement of its own.
            if (decision.kind === 'restart') await tx.query('DELETE FROM stage_requests WHERE uid = $1 AND key = $2', [uid, key]);
            const entries = decision.kind === 'restart' ? [decision.refund, decision.debit] : [decision.debit];
            const { pending } = decision;
            await tx.query(
              ...postingStatement(uid, entries, decision.debit.balanceAfter, {
                sql: 'INSERT INTO stage_requests (uid, key, attempt_id, status, started_at) VALUES ($1, $3, $4, $5, $6)',
                params: [key, pending.attemptId, pending.status, pending.startedAt],
              }),
            );
            return { kind: 'started', attemptId, creditsRemaining: decision.debit.balanceAfter };
          }
        }
      });
    },

    async completeStage({ uid, key, attemptId, edit, held }, rules) {
      const result: StageResult = { editId: edit.id, inputUrl: edit.input_image_url, outputUrl: edit.output_image_url };
      const decision = rules.completeStage({ stage: await readStage(db, uid, key), attemptId, result });
      if (decision.kind === 'not-pending') throw new Error(`No pending stage attempt ${attemptId}`);
      // No transaction: one statement that writes only while the key's record is still the pending
      // attempt the rules read. A stale takeover or a refund in between leaves nothing written,
      // which is what the rules say of a record that is no longer pending.
      const written = await db.query(
        `WITH completed AS (
           UPDATE stage_requests SET status = $3, edit_id = $4, input_url = $5, output_url = $6
            WHERE uid = $1 AND key = $2 AND attempt_id = $12 AND status = 'pending'
           RETURNING 1
         )
         INSERT INTO ${held ? 'held_edits' : 'image_edits'} (id, user_id, input_image_url, output_image_url, background_style, style, furniture_type, created_at)
         SELECT $4, $7, $5, $6, $8, $9, $10, $11::timestamptz FROM completed`,
        [
          uid,
          key,
          decision.completed.status,
          edit.id,
          edit.input_image_url,
          edit.output_image_url,
          edit.user_id,
          edit.background_style,
          edit.style,
          edit.furniture_type,
          edit.created_at,
          attemptId,
        ],
      );
      if (written.affectedRows !== 1) throw new Error(`No pending stage attempt ${attemptId}`);
      return result;
    },

    failStage({ uid, key, attemptId }, rules) {
      return db.transaction(async (tx) => {
        const balance = (await lockCustomer(tx, uid)).credits_remaining;
        const stage = await readStage(tx, uid, key);
        const refundPosted = await isPosted(tx, uid, rules.refundRef(attemptId));
        const decision = rules.failStage({ uid, attemptId, stage, balance, refundPosted });
        if (decision.forget) await tx.query('DELETE FROM stage_requests WHERE uid = $1 AND key = $2', [uid, key]);
        return applyCreditDecision(tx, uid, balance, decision.refund);
      });
    },

    async listStaleStages(startedBefore, limit) {
      const rows = await db.query<{ uid: string; key: string; attempt_id: string }>(
        "SELECT uid, key, attempt_id FROM stage_requests WHERE status = 'pending' AND started_at < $1 ORDER BY started_at LIMIT $2",
        [startedBefore, limit],
      );
      return rows.rows.map((row) => ({ uid: row.uid, key: row.key, attemptId: row.attempt_id }));
    },

    async getStage(uid, key) {
      const stage = await readStage(db, uid, key);
      return stage && { status: stage.status, result: stage.result };
    },

    async recordStageProgress({ uid, key, attemptId, progress }) {
      await db.query(
        `UPDATE stage_requests SET progress_phase = $4, progress_step = $5, progress_steps = $6
         WHERE uid = $1 AND key = $2 AND attempt_id = $3 AND status = 'pending'`,
        [uid, key, attemptId, progress.phase, progress.step, progress.steps],
      );
    },

    async getStageProgress(uid, key) {
      const row = (
        await db.query<ProgressRow>(
          'SELECT status, progress_phase, progress_step, progress_steps FROM stage_requests WHERE uid = $1 AND key = $2',
          [uid, key],
        )
      ).rows[0];
      if (!row) return null;
      const recorded =
        row.progress_phase && row.progress_step !== null && row.progress_steps !== null
          ? { phase: row.progress_phase, step: row.progress_step, steps: row.progress_steps }
          : null;
      return progressOfStage(row.status, recorded);
    },

    async listImageEdits(uid, after, limit) {
      const result = await db.query<EditRow>(
        `SELECT * FROM image_edits WHERE user_id = $1
           AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::text))
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [uid, after?.createdAt ?? null, after?.id ?? '', limit + 1],
      );
      return pageOf(
        result.rows.map((row): ImageEdit => ({ ...row, created_at: row.created_at.toISOString() })),
        limit,
      );
    },

    async getImageEdits(uid, ids) {
      if (ids.length === 0) return [];
      const result = await db.query<EditRow>(
        `SELECT image_edits.* FROM unnest($2::text[]) WITH ORDINALITY AS asked(id, place)
           JOIN image_edits ON image_edits.id = asked.id AND image_edits.user_id = $1
         ORDER BY asked.place`,
        [uid, [...ids]],
      );
      return result.rows.map((row): ImageEdit => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  };
}
