/**
 * The EbayStore on Firestore: ebay_accounts/{uid} (the sealed refresh token, the seller's last
 * choices) and ebay_offers/{itemId}. No rule in firestore.rules matches either collection, so no
 * client may read or write them: the Admin SDK of the backend alone does.
 */
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import type { EbayConnectionRecord, EbayOfferRecord, EbayStore } from '../../ports/ebay.js';

export const EBAY_ACCOUNTS_COLLECTION = 'ebay_accounts';
export const EBAY_OFFERS_COLLECTION = 'ebay_offers';

export function firestoreEbay(db: Firestore): EbayStore {
  const accounts = db.collection(EBAY_ACCOUNTS_COLLECTION) as CollectionReference<EbayConnectionRecord>;
  const offers = db.collection(EBAY_OFFERS_COLLECTION) as CollectionReference<EbayOfferRecord>;
  const data = <T>(snap: { docs: { data(): T }[] }) => snap.docs.map((doc) => doc.data());
  return {
    async saveConnection(record) {
      // The choices stay: merge writes only the connection's own fields.
      await accounts.doc(record.uid).set({ choices: null, ...record }, { mergeFields: Object.keys(record) });
    },
    async getConnection(uid) {
      const snap = await accounts.doc(uid).get();
      return snap.exists ? { ...snap.data()!, choices: snap.data()!.choices ?? null } : null;
    },
    async listConnections() {
      return data(await accounts.get());
    },
    async deleteConnection(uid) {
      await accounts.doc(uid).delete();
    },
    async deleteConnectionsOfEbayUser(ebayUserId) {
      const found = await accounts.where('ebayUserId', '==', ebayUserId).get();
      const batch = db.batch();
      for (const doc of found.docs) batch.delete(doc.ref);
      await batch.commit();
      return found.docs.map((doc) => doc.id);
    },
    async saveChoices(uid, choices) {
      await accounts.doc(uid).update({ choices });
    },
    async setOrdersCheckedAt(uid, at) {
      await accounts.doc(uid).update({ ordersCheckedAt: at });
    },
    async saveOffer(record) {
      await offers.doc(record.itemId).set(record);
    },
    async getOffer(itemId) {
      const snap = await offers.doc(itemId).get();
      return snap.exists ? snap.data()! : null;
    },
    async findOfferBySku(owner, sku) {
      const found = await offers.where('owner', '==', owner).where('sku', '==', sku).limit(1).get();
      return found.docs[0]?.data() ?? null;
    },
    async liveOffers(owner) {
      return data(await offers.where('owner', '==', owner).where('state', '==', 'live').get());
    },
  };
}
