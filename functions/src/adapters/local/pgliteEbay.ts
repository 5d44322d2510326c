/** The EbayStore on PGlite (tables ebay_accounts and ebay_offers): local mode's backend-only eBay records. */
import type { PGlite } from '@electric-sql/pglite';
import type { EbayChoices } from '@flipstage/core';
import type { EbayConnectionRecord, EbayOfferRecord, EbayStore } from '../../ports/ebay.js';

interface AccountRow {
  uid: string;
  ebay_user_id: string;
  ebay_username: string | null;
  refresh_token_sealed: string;
  refresh_expires_at: Date;
  connected_at: Date;
  orders_checked_at: Date;
  choices: EbayChoices | null;
}

interface OfferRow {
  item_id: string;
  owner: string;
  sku: string;
  offer_id: string;
  listing_id: string;
  url: string;
  state: EbayOfferRecord['state'];
  updated_at: Date;
}

const toConnection = (row: AccountRow): EbayConnectionRecord => ({
  uid: row.uid,
  ebayUserId: row.ebay_user_id,
  ebayUsername: row.ebay_username,
  refreshTokenSealed: row.refresh_token_sealed,
  refreshExpiresAt: row.refresh_expires_at.toISOString(),
  connectedAt: row.connected_at.toISOString(),
  ordersCheckedAt: row.orders_checked_at.toISOString(),
  choices: row.choices,
});

const toOffer = (row: OfferRow): EbayOfferRecord => ({
  itemId: row.item_id,
  owner: row.owner,
  sku: row.sku,
  offerId: row.offer_id,
  listingId: row.listing_id,
  url: row.url,
  state: row.state,
  updatedAt: row.updated_at.toISOString(),
});

export function pgliteEbay(db: PGlite): EbayStore {
  return {
    async saveConnection(record) {
      await db.query(
        `INSERT INTO ebay_accounts (uid, ebay_user_id, ebay_username, refresh_token_sealed, refresh_expires_at, connected_at, orders_checked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (uid) DO UPDATE SET ebay_user_id = $2, ebay_username = $3, refresh_token_sealed = $4,
           refresh_expires_at = $5, connected_at = $6, orders_checked_at = $7`,
        [
          record.uid,
          record.ebayUserId,
          record.ebayUsername,
          record.refreshTokenSealed,
          record.refreshExpiresAt,
          record.connectedAt,
          record.ordersCheckedAt,
        ],
      );
    },
    async getConnection(uid) {
      const found = await db.query<AccountRow>('SELECT * FROM ebay_accounts WHERE uid = $1', [uid]);
      return found.rows[0] ? toConnection(found.rows[0]) : null;
    },
    async listConnections() {
      return (await db.query<AccountRow>('SELECT * FROM ebay_accounts ORDER BY uid')).rows.map(toConnection);
    },
    async deleteConnection(uid) {
      await db.query('DELETE FROM ebay_accounts WHERE uid = $1', [uid]);
    },
    async deleteConnectionsOfEbayUser(ebayUserId) {
      const gone = await db.query<{ uid: string }>('DELETE FROM ebay_accounts WHERE ebay_user_id = $1 RETURNING uid', [
        ebayUserId,
      ]);
      return gone.rows.map((row) => row.uid);
    },
    async saveChoices(uid, choices) {
      await db.query('UPDATE ebay_accounts SET choices = $2 WHERE uid = $1', [uid, JSON.stringify(choices)]);
    },
    async setOrdersCheckedAt(uid, at) {
      await db.query('UPDATE ebay_accounts SET orders_checked_at = $2 WHERE uid = $1', [uid, at]);
    },
    async saveOffer(record) {
      await db.query(
        `INSERT INTO ebay_offers (item_id, owner, sku, offer_id, listing_id, url, state, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (item_id) DO UPDATE SET owner = $2, sku = $3, offer_id = $4, listing_id = $5, url = $6,
           state = $7, updated_at = $8`,
        [
          record.itemId,
          record.owner,
          record.sku,
          record.offerId,
          record.listingId,
          record.url,
          record.state,
          record.updatedAt,
        ],
      );
    },
    async getOffer(itemId) {
      const found = await db.query<OfferRow>('SELECT * FROM ebay_offers WHERE item_id = $1', [itemId]);
      return found.rows[0] ? toOffer(found.rows[0]) : null;
    },
    async findOfferBySku(owner, sku) {
      const found = await db.query<OfferRow>('SELECT * FROM ebay_offers WHERE owner = $1 AND sku = $2', [owner, sku]);
      return found.rows[0] ? toOffer(found.rows[0]) : null;
    },
    async liveOffers(owner) {
      const found = await db.query<OfferRow>("SELECT * FROM ebay_offers WHERE owner = $1 AND state = 'live'", [owner]);
      return found.rows.map(toOffer);
    },
  };
}
