import { collection, getDocs, query, where, type Firestore } from 'firebase/firestore';
import { MARKETPLACE_SITES, type MarketplacePost } from '@flipstage/core';
import type { MarketplacePostsDriver } from './marketplacePosts';
import { contract } from './contracts';

const post = contract<MarketplacePost>((m) => m.marketplacePostSchema);

/**
 * Firebase mode reads where a listing is posted straight from items/{id}/marketplace_posts, which
 * firestore.rules let its seller alone read (the query says so: owner == their uid); the kits,
 * the photos and every write stay on the API, which checks the plan and the address.
 */
export function createFirestoreMarketplacePostsDriver(
  db: Firestore,
  http: MarketplacePostsDriver,
): MarketplacePostsDriver {
  return {
    ...http,
    async posts(uid, itemId) {
      const snap = await getDocs(
        query(collection(db, 'items', itemId, 'marketplace_posts'), where('owner', '==', uid)),
      );
      const schema = await post();
      return snap.docs
        .map((doc) => schema.parse(doc.data()))
        .sort((a, b) => MARKETPLACE_SITES.indexOf(a.site) - MARKETPLACE_SITES.indexOf(b.site));
    },
  };
}
