/**
 * Where listings are posted outside FlipStage, on PGlite: marketplace_posts, one row per listing
 * and site, the same fields as Firestore's items/{itemId}/marketplace_posts/{site}. A listing's
 * rows go with it (ON DELETE CASCADE).
 */
import type { PGlite } from '@electric-sql/pglite';
import { MARKETPLACE_SITES, type MarketplaceSite, type PostState } from '@flipstage/core';
import { ItemNotFound, PostNotFound, type MarketplacePostDoc, type MarketplacePostStore } from '../../ports/store.js';

interface PostRow {
  item_id: string;
  site: MarketplaceSite;
  owner: string;
  state: PostState;
  url: string | null;
  updated_at: Date;
}

const toPost = (row: PostRow): MarketplacePostDoc => ({
  itemId: row.item_id,
  site: row.site,
  owner: row.owner,
  state: row.state,
  url: row.url,
  updated_at: row.updated_at.toISOString(),
});

const siteOrder = (a: MarketplacePostDoc, b: MarketplacePostDoc) =>
  MARKETPLACE_SITES.indexOf(a.site) - MARKETPLACE_SITES.indexOf(b.site);

export function pgliteMarketplacePosts(db: PGlite): MarketplacePostStore {
  return {
    recordPost(post) {
      return db.transaction(async (tx) => {
        const item = await tx.query('SELECT 1 FROM items WHERE id = $1 FOR UPDATE', [post.itemId]);
        if (item.rows.length === 0) throw new ItemNotFound(post.itemId);
        const saved = await tx.query<PostRow>(
          `INSERT INTO marketplace_posts (item_id, site, owner, state, url, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (item_id, site) DO UPDATE
             SET owner = EXCLUDED.owner, state = EXCLUDED.state, url = EXCLUDED.url, updated_at = EXCLUDED.updated_at
           RETURNING *`,
          [post.itemId, post.site, post.owner, post.state, post.url, post.updated_at],
        );
        return toPost(saved.rows[0]!);
      });
    },

    async listPosts(itemId) {
      const rows = await db.query<PostRow>('SELECT * FROM marketplace_posts WHERE item_id = $1', [itemId]);
      return rows.rows.map(toPost).sort(siteOrder);
    },

    async setPostState(itemId, site, state, at) {
      const updated = await db.query<PostRow>(
        'UPDATE marketplace_posts SET state = $3, updated_at = $4 WHERE item_id = $1 AND site = $2 RETURNING *',
        [itemId, site, state, at],
      );
      const row = updated.rows[0];
      if (!row) throw new PostNotFound(itemId, site);
      return toPost(row);
    },
  };
}
