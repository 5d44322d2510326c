/**
 * Where listings are posted outside FlipStage, on Firestore: items/{itemId}/marketplace_posts/{site},
 * written by the backend alone and read by the listing's owner (firestore.rules). Beneath the
 * listing, so a listing's posts are one small query and leave with it (firestoreItems' delete).
 */
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { MARKETPLACE_SITES } from '@flipstage/core';
import { ItemNotFound, PostNotFound, type MarketplacePostDoc, type MarketplacePostStore } from '../../ports/store.js';
import { firestoreRefs } from './firestoreDocs.js';

export const MARKETPLACE_POSTS_COLLECTION = 'marketplace_posts';

export function postsOf(db: Firestore, itemId: string): CollectionReference<MarketplacePostDoc> {
  return firestoreRefs(db)
    .items.doc(itemId)
    .collection(MARKETPLACE_POSTS_COLLECTION) as CollectionReference<MarketplacePostDoc>;
}

const siteOrder = (a: MarketplacePostDoc, b: MarketplacePostDoc) =>
  MARKETPLACE_SITES.indexOf(a.site) - MARKETPLACE_SITES.indexOf(b.site);

export function firestoreMarketplacePosts(db: Firestore): MarketplacePostStore {
  const refs = firestoreRefs(db);
  return {
    recordPost(post) {
      // In a transaction with the listing read, so a post is never written beneath a deleted listing.
      return db.runTransaction(async (tx) => {
        const item = await tx.get(refs.items.doc(post.itemId));
        if (!item.exists) throw new ItemNotFound(post.itemId);
        tx.set(postsOf(db, post.itemId).doc(post.site), post);
        return post;
      });
    },

    async listPosts(itemId) {
      const snap = await postsOf(db, itemId).get();
      return snap.docs.map((doc) => doc.data()).sort(siteOrder);
    },

    setPostState(itemId, site, state, at) {
      return db.runTransaction(async (tx) => {
        const ref = postsOf(db, itemId).doc(site);
        const snap = await tx.get(ref);
        if (!snap.exists) throw new PostNotFound(itemId, site);
        const next = { ...snap.data()!, state, updated_at: at };
        tx.set(ref, next);
        return next;
      });
    },
  };
}
