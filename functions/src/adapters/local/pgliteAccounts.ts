/** Accounts on PGlite: users and customers rows, created together with the sign-up grant. */
import type { PGlite } from '@electric-sql/pglite';
import { AccountNotFound, type Account, type AccountStore, type ProfileDoc } from '../../ports/store.js';
import { applyCreditDecision, lockCustomer, toCustomer, type CustomerRow, type Tx } from './pgliteLedger.js';

/** One statement, so it reads the profile and the customer as of one moment without a transaction of its own. */
async function getAccountIn(tx: Tx, uid: string): Promise<Account | null> {
  const row = (
    await tx.query<ProfileDoc & CustomerRow & { created_at: Date }>(
      `SELECT u.name, u.email, u.avatar, u.created_at, c.*
         FROM users u JOIN customers c ON c.uid = u.uid WHERE u.uid = $1`,
      [uid],
    )
  ).rows[0];
  if (!row) return null;
  return {
    uid,
    profile: { name: row.name, email: row.email, avatar: row.avatar },
    customer: toCustomer(row),
    createdAt: row.created_at.toISOString(),
  };
}

export function pgliteAccounts(db: PGlite): AccountStore {
  return {
    ensureAccount(uid, profile, signupCredits, rules, personKeys = []) {
      return db.transaction(async (tx) => {
        await tx.query(
          'INSERT INTO users (uid, name, email, avatar) VALUES ($1, $2, $3, $4) ON CONFLICT (uid) DO NOTHING',
          [uid, profile.name, profile.email, profile.avatar],
        );
        await tx.query('INSERT INTO customers (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING', [uid]);
        const customer = toCustomer(await lockCustomer(tx, uid));
        const balance = customer.creditsRemaining;
        const holders = await tx.query<{ uid: string }>('SELECT uid FROM signup_grants WHERE key = ANY($1)', [[...personKeys]]);
        const grantedToOther = holders.rows.some((row) => row.uid !== uid);
        const grant = rules.signup({ uid, signupCredits, balance, grantedAt: customer.signupGrantedAt, grantedToOther });
        const { applied } =
          grant.kind === 'person-granted' ? { applied: true } : await applyCreditDecision(tx, uid, balance, grant);
        if (applied) await tx.query('UPDATE customers SET signup_granted_at = now() WHERE uid = $1', [uid]);
        if (applied && grant.kind === 'post')
          await tx.query(
            'INSERT INTO signup_grants (key, uid, granted_at) SELECT unnest($1::text[]), $2, now() ON CONFLICT (key) DO NOTHING',
            [[...personKeys], uid],
          );
        const account = await getAccountIn(tx, uid);
        if (!account) throw new AccountNotFound(uid);
        return account;
      });
    },

    getAccount(uid) {
      return getAccountIn(db, uid);
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
  };
}
