/**
 * Marketplace listings in items/{id}. Firestore allows one array-contains per query, so the
 * search puts the most selective array filter (the tag, else the longest token) into the query and
 * checks the other tokens, and a signed-in viewer's own sold items, in memory while it reads the
 * newest-first order in batches. Every query shape here has its index in firestore.indexes.json.
 */
import { FieldPath, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { ItemAlreadyExists, ItemNotFound, NotItemOwner, type ItemDoc, type ItemQuery, type ItemStore, type PageAfter } from '../../ports/store.js';
import { definedFields, firestoreRefs } from './firestoreDocs.js';

/** Reads per batch while filtering in memory; bounded so one request never scans the whole collection. */
const SCAN_BATCH = 50;
const MAX_SCANNED_PER_PAGE = 500;

function positionOf(item: ItemDoc): PageAfter {
  return { createdAt: item.created_at, id: item.id };
}

/** The indexed part of a search: one array filter at most, newest first. */
function baseQuery(db: Firestore, query: ItemQuery): { base: Query<ItemDoc>; filtered: boolean; matches: (item: ItemDoc) => boolean } {
  let base = firestoreRefs(db).items as Query<ItemDoc>;
  let tokens = query.tokens;
  if (query.tag !== null) {
    base = base.where('tags', 'array-contains', query.tag);
  } else if (tokens.length > 0) {
    const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
    base = base.where('keywords', 'array-contains', longest);
    tokens = tokens.filter((t) => t !== longest);
  }
  // Anonymous visitors see active items only, which the query can say; a viewer also sees their own
  // sold items, which would need an OR across fields, so those are told apart in memory instead.
  if (query.viewer === null) base = base.where('state', '==', 'active');
  base = base.orderBy('created_at', 'desc').orderBy(FieldPath.documentId(), 'desc');
  const viewer = query.viewer;
  return {
    base,
    filtered: viewer !== null || tokens.length > 0,
    matches: (item) =>
      (item.state === 'active' || item.owner === viewer) && tokens.every((t) => item.keywords.includes(t)),
  };
}

/** gRPC status 6, ALREADY_EXISTS: what create() fails with when the document is there. */
function isAlreadyExists(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 6;
}

export function firestoreItems(db: Firestore): ItemStore {
  const refs = firestoreRefs(db);

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
      return db.runTransaction(async (tx) => {
        const ref = refs.items.doc(id);
        const snap = await tx.get(ref);
        if (!snap.exists) throw new ItemNotFound(id);
        const current = snap.data() as ItemDoc;
        if (current.owner !== owner) throw new NotItemOwner(id);
        const updated: ItemDoc = { ...current, ...definedFields(patch) };
        tx.set(ref, updated);
        return updated;
      });
    },

    async searchItems(query) {
      const { base, filtered, matches } = baseQuery(db, query);
      const found: ItemDoc[] = [];
      let after = query.after;
      let scanned = 0;
      // Read until one item more than the page is found (so we know whether more exist), the
      // collection ends, or the scan budget is spent; in that case the page may come back short
      // with a cursor to continue from.
      while (found.length <= query.limit && scanned < MAX_SCANNED_PER_PAGE) {
        const wanted = query.limit + 1 - found.length;
        const batchSize = filtered ? Math.min(SCAN_BATCH, wanted * 2) : wanted;
        let batch = base.limit(batchSize);
        if (after) batch = batch.startAfter(after.createdAt, after.id);
        const snap = await batch.get();
        for (const doc of snap.docs as QueryDocumentSnapshot<ItemDoc>[]) {
          const item = doc.data();
          scanned += 1;
          after = positionOf(item);
          if (matches(item)) {
            found.push(item);
            if (found.length > query.limit) break;
          }
        }
        if (snap.size < batchSize) {
          return { data: found.slice(0, query.limit), next: found.length > query.limit ? positionOf(found[query.limit - 1]!) : null };
        }
      }
      if (found.length > query.limit) return { data: found.slice(0, query.limit), next: positionOf(found[query.limit - 1]!) };
      return { data: found, next: after };
    },

    deleteItem(id, owner) {
      return db.runTransaction(async (tx) => {
        const ref = refs.items.doc(id);
        const snap = await tx.get(ref);
        if (!snap.exists) throw new ItemNotFound(id);
        const current = snap.data() as ItemDoc;
        if (current.owner !== owner) throw new NotItemOwner(id);
        tx.delete(ref);
        return current;
      });
    },

    async listItemsByOwner(owner, { includeUnlisted, after, limit }) {
      let query = refs.items.where('owner', '==', owner) as Query<ItemDoc>;
      if (!includeUnlisted) query = query.where('state', '==', 'active').where('hidden', '==', false);
      query = query.orderBy('created_at', 'desc').orderBy(FieldPath.documentId(), 'desc').limit(limit + 1);
      if (after) query = query.startAfter(after.createdAt, after.id);
      const rows = (await query.get()).docs.map((doc) => doc.data());
      const data = rows.slice(0, limit);
      const last = data[data.length - 1];
      return { data, next: rows.length > limit && last ? positionOf(last) : null };
    },
  };
}
