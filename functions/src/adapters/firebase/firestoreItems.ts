/**
 * Marketplace listings in items/{id}; the search is firestoreItemSearch.ts. Every query shape
 * here has its index in firestore.indexes.json.
 */
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import {
  ItemAlreadyExists,
  ItemNotFound,
  NotItemOwner,
  type ItemDoc,
  type ItemStore,
  type PageAfter,
} from '../../ports/store.js';
import { definedFields, firestoreRefs } from './firestoreDocs.js';
import { searchFirestoreItems } from './firestoreItemSearch.js';
import { postsOf } from './firestoreMarketplacePosts.js';
import { MODERATION_COLLECTIONS } from './firestoreModeration.js';

function positionOf(item: ItemDoc): PageAfter {
  return { createdAt: item.created_at, id: item.id };
}

/** gRPC status 6, ALREADY_EXISTS: what create() fails with when the document is there. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 6;
}

export function firestoreItems(db: Firestore): ItemStore {
  const refs = firestoreRefs(db);

  /**
   * Reads the item in a transaction, checks its owner, and writes what `change` returns (null
   * deletes it); resolves to the item as written, or as it was when deleted.
   */
  function changeOwnItem(id: string, owner: string, change: (current: ItemDoc) => ItemDoc | null): Promise<ItemDoc> {
    return db.runTransaction(async (tx) => {
      const ref = refs.items.doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists) throw new ItemNotFound(id);
      const current = snap.data() as ItemDoc;
      if (current.owner !== owner) throw new NotItemOwner(id);
      const next = change(current);
      if (next === null) {
        // Where it was posted goes with it, as PGlite's rows do (read before any write).
        const posts = await tx.get(postsOf(db, id));
        tx.delete(ref);
        // Nothing is left to review: the listing leaves the moderators' queue with it.
        tx.delete(db.collection(MODERATION_COLLECTIONS.moderation).doc(id));
        for (const post of posts.docs) tx.delete(post.ref);
      } else tx.set(ref, next);
      return next ?? current;
    });
  }

  return {
    async createItem(item) {
      try {
        await refs.items.doc(item.id).create(item);
      } catch (error) {
        if (isAlreadyExists(error)) throw new ItemAlreadyExists(item.id);
        throw error;
      }
      return item;
    },

    async getItem(id) {
      const snap = await refs.items.doc(id).get();
      return snap.exists ? (snap.data() as ItemDoc) : null;
    },

    updateItem(id, owner, patch) {
      return changeOwnItem(id, owner, (current) => ({ ...current, ...definedFields(patch) }));
    },

    searchItems: (query) => searchFirestoreItems(db, query),

    // Every function instance writes listings, so none can tell from its own writes that they changed.
    listingsVersion: () => null,

    setListingStatus(id, owner, status) {
      return changeOwnItem(id, owner, (current) => ({
        ...current,
        state: status.state,
        reserved: status.reserved,
        updated_at: new Date().toISOString(),
      }));
    },

    deleteItem(id, owner) {
      return changeOwnItem(id, owner, () => null);
    },

    async listItemsByOwner(owner, { includeUnlisted, after, limit }) {
      let query = refs.items.where('owner', '==', owner) as Query<ItemDoc>;
      if (!includeUnlisted) query = query.where('state', '==', 'active').where('hidden', '==', false);
      query = query
        .orderBy('created_at', 'desc')
        .orderBy(FieldPath.documentId(), 'desc')
        .limit(limit + 1);
      if (after) query = query.startAfter(after.createdAt, after.id);
      const rows = (await query.get()).docs.map((doc) => doc.data());
      const data = rows.slice(0, limit);
      const last = data[data.length - 1];
      return { data, next: rows.length > limit && last ? positionOf(last) : null };
    },

    async soldPrices({ furnitureType, style, condition }, limit) {
      let query = refs.items
        .where('state', '==', 'sold')
        .where('hidden', '==', false)
        .where('furnitureType', '==', furnitureType) as Query<ItemDoc>;
      if (style) query = query.where('style', '==', style);
      if (condition) query = query.where('condition', '==', condition);
      const snap = await query.orderBy('updated_at', 'desc').limit(limit).select('price').get();
      return snap.docs.map((doc) => Number(doc.get('price')));
    },
  };
}
