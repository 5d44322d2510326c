/**
 * The Store on PGlite. Every operation is one SQL transaction; PGlite runs transactions one at
 * a time, and the CHECK (credits_remaining >= 0) and UNIQUE (uid, ref) constraints back the
 * rules up should a bug slip through. Over 350 lines because it implements the whole Store port
 * (17 methods); it splits with the port itself, per concern, in the redesign (issue 17).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ImageEdit } from '@flipstage/core';
import { AccountNotFound, HeldSubscriptionChanged, InsufficientCredits, ItemNotFound, NotItemOwner, UnknownStripeCustomer, type Account, type BeginStageInput, type CreditChange, type CreditResult, type CustomerDoc, type ItemDoc, type ItemPatch, type ItemQuery, type LedgerEntry, type LedgerReason, type Page, type ProfileDoc, type StageBegin, type StageResult, type Store, type StripeEffect, type StripeEventInput } from '../../ports/store.js';

type Tx = Transaction | PGlite;

interface CustomerRow {
  credits_remaining: number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_subscription_status: string | null;
  stripe_price_id: string | null;
  subscription_state_at: string | number | null;
  signup_granted_at: Date | null;
}

interface ItemRow {
  id: string;
  title: string;
  description: string;
  price: number;
  tags: string[];
  images: string[];
  thumbs: string[];
  owner: string;
  state: 'active' | 'sold';
  ai_staged: boolean;
  keywords: string[];
  created_at: Date;
  updated_at: Date;
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

interface StageRow {
  attempt_id: string;
  status: 'pending' | 'completed';
  started_at: string | number;
  edit_id: string | null;
  input_url: string | null;
  output_url: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toCustomer(row: CustomerRow): CustomerDoc {
  return {
    creditsRemaining: row.credits_remaining,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeSubscriptionStatus: row.stripe_subscription_status,
    stripePriceId: row.stripe_price_id,
    subscriptionStateAt: row.subscription_state_at === null ? null : Number(row.subscription_state_at),
    signupGrantedAt: iso(row.signup_granted_at),
  };
}

function toItem(row: ItemRow): ItemDoc {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    tags: row.tags,
    images: row.images,
    thumbs: row.thumbs,
    owner: row.owner,
    state: row.state,
    aiStaged: row.ai_staged,
    keywords: row.keywords,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toEdit(row: EditRow): ImageEdit {
  return { ...row, created_at: row.created_at.toISOString() };
}

function stageResult(row: StageRow): StageResult | null {
  if (row.status !== 'completed' || !row.edit_id || !row.input_url || !row.output_url) return null;
  return { editId: row.edit_id, inputUrl: row.input_url, outputUrl: row.output_url };
}

function pageOf<T extends { id: string; created_at: string }>(rows: T[], limit: number): Page<T> {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null };
}

async function lockCustomer(tx: Tx, uid: string): Promise<CustomerRow> {
  const result = await tx.query<CustomerRow>('SELECT * FROM customers WHERE uid = $1 FOR UPDATE', [uid]);
  const row = result.rows[0];
  if (!row) throw new AccountNotFound(uid);
  return row;
}

/**
 * The one place a balance changes: with its ledger entry, never below 0, once per ref. `locked`
 * is the customer row when the caller already holds its lock in this transaction.
 */
async function applyCreditIn(tx: Tx, change: CreditChange, locked?: CustomerRow): Promise<CreditResult> {
  const customer = locked ?? (await lockCustomer(tx, change.uid));
  const balance = customer.credits_remaining + change.delta;
  if (balance < 0) {
    const seen = await tx.query('SELECT 1 FROM ledger WHERE uid = $1 AND ref = $2', [change.uid, change.ref]);
    if (seen.rows.length > 0) return { creditsRemaining: customer.credits_remaining, applied: false };
    throw new InsufficientCredits(customer.credits_remaining);
  }
  const inserted = await tx.query(
    `INSERT INTO ledger (id, uid, delta, reason, ref, balance_after, at) VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (uid, ref) DO NOTHING RETURNING id`,
    [randomUUID(), change.uid, change.delta, change.reason, change.ref, balance],
  );
  if (inserted.rows.length === 0) return { creditsRemaining: customer.credits_remaining, applied: false };
  await tx.query('UPDATE customers SET credits_remaining = $2 WHERE uid = $1', [change.uid, balance]);
  return { creditsRemaining: balance, applied: true };
}

async function uidForStripeCustomer(tx: Tx, stripeCustomerId: string): Promise<string> {
  const found = await tx.query<{ uid: string }>('SELECT uid FROM customers WHERE stripe_customer_id = $1', [
    stripeCustomerId,
  ]);
  const uid = found.rows[0]?.uid;
  if (!uid) throw new UnknownStripeCustomer(stripeCustomerId);
  return uid;
}

async function applyEffect(tx: Tx, eventId: string, effect: StripeEffect): Promise<void> {
  switch (effect.kind) {
    case 'none':
      return;
    case 'link-customer': {
      await lockCustomer(tx, effect.uid);
      await tx.query('UPDATE customers SET stripe_customer_id = $2 WHERE uid = $1', [
        effect.uid,
        effect.stripeCustomerId,
      ]);
      return;
    }
    case 'grant-credits': {
      const uid = await uidForStripeCustomer(tx, effect.stripeCustomerId);
      await applyCreditIn(tx, { uid, delta: effect.delta, reason: effect.reason, ref: eventId });
      return;
    }
    case 'sync-subscription': {
      const uid = await uidForStripeCustomer(tx, effect.stripeCustomerId);
      const customer = await lockCustomer(tx, uid);
      const held = customer.stripe_subscription_id;
      if (held !== effect.subscriptionId && held !== effect.heldBefore)
        throw new HeldSubscriptionChanged(effect.stripeCustomerId);
      const storedAt = customer.subscription_state_at === null ? null : Number(customer.subscription_state_at);
      if (held === effect.subscriptionId && storedAt !== null && storedAt > effect.stateAt) return;
      await tx.query(
        `UPDATE customers SET stripe_subscription_id = $2, stripe_subscription_status = $3, stripe_price_id = $4,
           subscription_state_at = $5 WHERE uid = $1`,
        [uid, effect.subscriptionId, effect.status, effect.priceId, effect.stateAt],
      );
      if (effect.trialGrant) {
        const grant = {
          uid,
          delta: effect.trialGrant.delta,
          reason: 'subscription' as const,
          ref: effect.trialGrant.ref,
        };
        await applyCreditIn(tx, grant, customer);
      }
      return;
    }
  }
}

export function createPgliteStore(db: PGlite): Store {
  async function getAccountIn(tx: Tx, uid: string): Promise<Account | null> {
    const profile = await tx.query<ProfileDoc>('SELECT name, email, avatar FROM users WHERE uid = $1', [uid]);
    const customer = await tx.query<CustomerRow>('SELECT * FROM customers WHERE uid = $1', [uid]);
    const p = profile.rows[0];
    const c = customer.rows[0];
    if (!p || !c) return null;
    return { uid, profile: { name: p.name, email: p.email, avatar: p.avatar }, customer: toCustomer(c) };
  }

  return {
    ensureAccount(uid, profile, signupCredits) {
      return db.transaction(async (tx) => {
        await tx.query(
          'INSERT INTO users (uid, name, email, avatar) VALUES ($1, $2, $3, $4) ON CONFLICT (uid) DO NOTHING',
          [uid, profile.name, profile.email, profile.avatar],
        );
        await tx.query('INSERT INTO customers (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING', [uid]);
        const customer = await lockCustomer(tx, uid);
        if (!customer.signup_granted_at) {
          await applyCreditIn(tx, { uid, delta: signupCredits, reason: 'signup', ref: 'signup' });
          await tx.query('UPDATE customers SET signup_granted_at = now() WHERE uid = $1', [uid]);
        }
        const account = await getAccountIn(tx, uid);
        if (!account) throw new AccountNotFound(uid);
        return account;
      });
    },

    getAccount(uid) {
      return db.transaction((tx) => getAccountIn(tx, uid));
    },

    updateProfile(uid, patch) {
      return db.transaction(async (tx) => {
        const result = await tx.query<ProfileDoc>(
          `UPDATE users SET name = COALESCE($2, name), avatar = COALESCE($3, avatar) WHERE uid = $1
           RETURNING name, email, avatar`,
          [uid, patch.name ?? null, patch.avatar ?? null],
        );
        const row = result.rows[0];
        if (!row) throw new AccountNotFound(uid);
        return { name: row.name, email: row.email, avatar: row.avatar };
      });
    },

    setStripeCustomer(uid, stripeCustomerId) {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, uid);
        await tx.query('UPDATE customers SET stripe_customer_id = $2 WHERE uid = $1', [uid, stripeCustomerId]);
      });
    },

    async findUidByStripeCustomer(stripeCustomerId) {
      const found = await db.query<{ uid: string }>('SELECT uid FROM customers WHERE stripe_customer_id = $1', [
        stripeCustomerId,
      ]);
      return found.rows[0]?.uid ?? null;
    },

    applyCredit(change) {
      return db.transaction((tx) => applyCreditIn(tx, change));
    },

    async listLedger(uid) {
      const result = await db.query<{
        id: string;
        delta: number;
        reason: LedgerReason;
        ref: string;
        balance_after: number;
        at: Date;
      }>('SELECT id, delta, reason, ref, balance_after, at FROM ledger WHERE uid = $1 ORDER BY seq DESC', [uid]);
      return result.rows.map((r): LedgerEntry => ({
        id: r.id,
        delta: r.delta,
        reason: r.reason,
        ref: r.ref,
        balanceAfter: r.balance_after,
        at: r.at.toISOString(),
      }));
    },

    beginStage(input: BeginStageInput) {
      return db.transaction(async (tx): Promise<StageBegin> => {
        const { uid, key, attemptId } = input;
        const customer = await lockCustomer(tx, uid);
        const existing = (
          await tx.query<StageRow>('SELECT * FROM stage_requests WHERE uid = $1 AND key = $2', [uid, key])
        ).rows[0];
        if (existing) {
          const result = stageResult(existing);
          if (result) return { kind: 'completed', result, creditsRemaining: customer.credits_remaining };
          if (Number(existing.started_at) >= input.staleBefore) return { kind: 'in-progress' };
          await applyCreditIn(tx, { uid, delta: 1, reason: 'refund', ref: `refund:${existing.attempt_id}` }, customer);
          await tx.query('DELETE FROM stage_requests WHERE uid = $1 AND key = $2', [uid, key]);
        }
        const current = existing ? undefined : customer;
        const debit = await applyCreditIn(tx, { uid, delta: -1, reason: 'stage', ref: `stage:${attemptId}` }, current);
        await tx.query(
          "INSERT INTO stage_requests (uid, key, attempt_id, status, started_at) VALUES ($1, $2, $3, 'pending', $4)",
          [uid, key, attemptId, Date.now()],
        );
        return { kind: 'started', attemptId, creditsRemaining: debit.creditsRemaining };
      });
    },

    completeStage({ uid, key, attemptId, edit }) {
      return db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE stage_requests SET status = 'completed', edit_id = $4, input_url = $5, output_url = $6
           WHERE uid = $1 AND key = $2 AND attempt_id = $3 AND status = 'pending'`,
          [uid, key, attemptId, edit.id, edit.input_image_url, edit.output_image_url],
        );
        if (!updated.affectedRows) throw new Error(`No pending stage attempt ${attemptId}`);
        await tx.query(
          `INSERT INTO image_edits (id, user_id, input_image_url, output_image_url, background_style, style, furniture_type, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            edit.id,
            edit.user_id,
            edit.input_image_url,
            edit.output_image_url,
            edit.background_style,
            edit.style,
            edit.furniture_type,
            edit.created_at,
          ],
        );
        return { editId: edit.id, inputUrl: edit.input_image_url, outputUrl: edit.output_image_url };
      });
    },

    failStage({ uid, key, attemptId }) {
      return db.transaction(async (tx) => {
        await tx.query('DELETE FROM stage_requests WHERE uid = $1 AND key = $2 AND attempt_id = $3', [
          uid,
          key,
          attemptId,
        ]);
        return applyCreditIn(tx, { uid, delta: 1, reason: 'refund', ref: `refund:${attemptId}` });
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
      const row = (await db.query<StageRow>('SELECT * FROM stage_requests WHERE uid = $1 AND key = $2', [uid, key]))
        .rows[0];
      if (!row) return null;
      return { status: row.status, result: stageResult(row) };
    },

    async listImageEdits(uid, after, limit) {
      const result = await db.query<EditRow>(
        `SELECT * FROM image_edits WHERE user_id = $1
           AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::text))
         ORDER BY created_at DESC, id DESC LIMIT $4`,
        [uid, after?.createdAt ?? null, after?.id ?? '', limit + 1],
      );
      return pageOf(result.rows.map(toEdit), limit);
    },

    async createItem(item) {
      await db.query(
        `INSERT INTO items (id, title, description, price, tags, images, thumbs, owner, state, ai_staged, keywords, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          item.id,
          item.title,
          item.description,
          item.price,
          item.tags,
          item.images,
          item.thumbs,
          item.owner,
          item.state,
          item.aiStaged,
          item.keywords,
          item.created_at,
          item.updated_at,
        ],
      );
      return item;
    },

    async getItem(id) {
      const row = (await db.query<ItemRow>('SELECT * FROM items WHERE id = $1', [id])).rows[0];
      return row ? toItem(row) : null;
    },

    updateItem(id: string, owner: string, patch: ItemPatch) {
      return db.transaction(async (tx) => {
        const row = (await tx.query<ItemRow>('SELECT * FROM items WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) throw new ItemNotFound(id);
        if (row.owner !== owner) throw new NotItemOwner(id);
        const result = await tx.query<ItemRow>(
          `UPDATE items SET title = $2, description = $3, price = $4, tags = $5, state = $6, keywords = $7, updated_at = $8,
             images = COALESCE($9, images), thumbs = COALESCE($10, thumbs), ai_staged = COALESCE($11, ai_staged)
           WHERE id = $1 RETURNING *`,
          [
            id,
            patch.title,
            patch.description,
            patch.price,
            patch.tags,
            patch.state,
            patch.keywords,
            patch.updated_at,
            patch.images ?? null,
            patch.thumbs ?? null,
            patch.aiStaged ?? null,
          ],
        );
        return toItem(result.rows[0]!);
      });
    },

    async searchItems(query: ItemQuery) {
      const params: unknown[] = [query.viewer, query.after?.createdAt ?? null, query.after?.id ?? '', query.limit + 1];
      // Only the filters in use, so the planner can weigh the GIN indexes against the newest-first index.
      const filters = [
        "(state = 'active' OR owner = $1::text)",
        '($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::text))',
      ];
      if (query.tokens.length > 0) filters.push(`keywords @> $${params.push(query.tokens)}::text[]`);
      if (query.tag) filters.push(`tags @> ARRAY[$${params.push(query.tag)}::text]`);
      const result = await db.query<ItemRow>(
        `SELECT * FROM items WHERE ${filters.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $4`,
        params,
      );
      return pageOf(result.rows.map(toItem), query.limit);
    },

    processStripeEvent(input: StripeEventInput) {
      return db.transaction(async (tx) => {
        const inserted = await tx.query(
          'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
          [input.eventId, input.type],
        );
        if (!inserted.affectedRows) return { applied: false };
        await applyEffect(tx, input.eventId, input.effect);
        return { applied: true };
      });
    },

    async close() {
      if (!db.closed) await db.close();
    },
  };
}
