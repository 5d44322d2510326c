/**
 * The local database's migrations after the founding ones (foundingMigrations.ts), in order. A
 * migration's place in MIGRATIONS (migrations.ts) is its version: append new ones at the end of
 * this list, never edit or reorder one that has shipped.
 */
export const LATER_MIGRATIONS: readonly string[] = [
  // Buyers reach sellers (issue 25): conversations/{id} and its messages, the seller's blocks,
  // reports. The inbox reads a user's conversations as buyer or seller, newest first.
  `
  CREATE TABLE conversations (
    id text PRIMARY KEY,
    item_id text NOT NULL,
    item_title text NOT NULL,
    item_thumb text,
    buyer text NOT NULL,
    seller text NOT NULL,
    buyer_name text,
    seller_name text,
    last_message jsonb,
    updated_at timestamptz NOT NULL,
    unread jsonb NOT NULL DEFAULT '{}',
    blocked boolean NOT NULL DEFAULT false,
    reserved_for_buyer boolean NOT NULL DEFAULT false,
    noticed_at jsonb NOT NULL DEFAULT '{}'
  );
  CREATE INDEX conversations_by_buyer ON conversations (buyer, updated_at DESC);
  CREATE INDEX conversations_by_seller ON conversations (seller, updated_at DESC);
  CREATE INDEX conversations_by_item ON conversations (item_id);
  CREATE TABLE messages (
    conversation_id text NOT NULL REFERENCES conversations (id),
    id text NOT NULL,
    from_uid text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('text', 'offer', 'status')),
    text text NOT NULL,
    price double precision,
    offer_status text CHECK (offer_status IN ('pending', 'accepted', 'declined')),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (conversation_id, id)
  );
  CREATE INDEX messages_by_time ON messages (conversation_id, created_at DESC, id DESC);
  CREATE TABLE blocks (
    seller text NOT NULL,
    buyer text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (seller, buyer)
  );
  CREATE TABLE reports (
    id text PRIMARY KEY,
    reporter text NOT NULL,
    item_id text NOT NULL,
    conversation_id text,
    message_id text,
    reason text NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX reports_by_item ON reports (item_id) WHERE message_id IS NULL;
  `,
  // The simulated provider's events, kept until the webhook route accepts them (simulatedEvents.ts).
  `
  CREATE TABLE sim_events (
    seq bigserial PRIMARY KEY,
    payload text NOT NULL,
    delivered_at timestamptz
  );
  CREATE INDEX sim_events_pending ON sim_events (seq) WHERE delivered_at IS NULL;
  `,
  // A person's sign-up grant by each of their keys (services/signupPerson.ts); no reference to
  // customers, so it outlives the account.
  `
  CREATE TABLE signup_grants (
    key text PRIMARY KEY,
    uid text NOT NULL,
    granted_at timestamptz NOT NULL
  );
  `,
  // Reports wait for a moderator (issue 40): whether each counts toward hiding its listing and
  // when it was reviewed; where each reported listing stands. Listings hidden or reported before
  // this wait in the queue, since no moderator has decided on them.
  `
  ALTER TABLE reports ADD COLUMN counts boolean NOT NULL DEFAULT false, ADD COLUMN reviewed_at timestamptz;
  CREATE INDEX reports_awaiting_review ON reports (item_id, created_at) WHERE reviewed_at IS NULL;
  CREATE TABLE listing_moderation (
    item_id text PRIMARY KEY,
    owner text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'hidden', 'restored', 'removed')),
    reason text,
    decided_by text,
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX listing_moderation_awaiting ON listing_moderation (updated_at DESC) WHERE status IN ('pending', 'hidden');
  CREATE INDEX listing_moderation_by_owner ON listing_moderation (owner) WHERE status IN ('hidden', 'removed');
  INSERT INTO listing_moderation (item_id, owner, status, updated_at)
    SELECT i.id, i.owner, CASE WHEN i.hidden THEN 'hidden' ELSE 'pending' END, max(r.created_at)
    FROM items i JOIN reports r ON r.item_id = i.id GROUP BY i.id, i.owner, i.hidden;
  `,
  // Email notices counted per recipient (a normalised address) and UTC day, against a daily cap.
  `
  CREATE TABLE notice_counts (
    recipient text NOT NULL,
    day text NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (recipient, day)
  );
  `,
  // A seller's block covers the person (issue 40): the blocked buyer's inbox (a normalised
  // address), so a second account of theirs is blocked too.
  `
  ALTER TABLE blocks ADD COLUMN person text;
  CREATE INDEX blocks_by_person ON blocks (seller, person) WHERE person IS NOT NULL;
  `,
  // Post to marketplaces (issue 41): where each listing is posted outside FlipStage, one row per
  // site, gone with its listing; and the seller's word that a piece is vintage (Etsy takes only that).
  `
  CREATE TABLE marketplace_posts (
    item_id text NOT NULL REFERENCES items (id) ON DELETE CASCADE,
    site text NOT NULL,
    owner text NOT NULL,
    state text NOT NULL CHECK (state IN ('posted', 'taken-down', 'sold')),
    url text,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (item_id, site)
  );
  ALTER TABLE items ADD COLUMN vintage boolean NOT NULL DEFAULT false;
  `,
  // Publish to eBay (issue 41): a seller's eBay connection, its refresh token sealed (AES-256-GCM)
  // and never sent to a client, with their last publish choices; and each listing's eBay offer, kept
  // past the listing's deletion so its eBay listing can still be withdrawn.
  `
  CREATE TABLE ebay_accounts (
    uid text PRIMARY KEY,
    ebay_user_id text NOT NULL,
    ebay_username text,
    refresh_token_sealed text NOT NULL,
    refresh_expires_at timestamptz NOT NULL,
    connected_at timestamptz NOT NULL,
    orders_checked_at timestamptz NOT NULL,
    choices jsonb
  );
  CREATE INDEX ebay_accounts_by_ebay_user ON ebay_accounts (ebay_user_id);
  CREATE TABLE ebay_offers (
    item_id text PRIMARY KEY,
    owner text NOT NULL,
    sku text NOT NULL,
    offer_id text NOT NULL,
    listing_id text NOT NULL,
    url text NOT NULL,
    state text NOT NULL CHECK (state IN ('live', 'withdrawn', 'sold')),
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX ebay_offers_by_owner ON ebay_offers (owner, state);
  `,
  // Price suggestions read the newest sold listings of a type (issue 42).
  `
  CREATE INDEX items_sold_by_type ON items (furniture_type, updated_at DESC) WHERE state = 'sold';
  `,
  // The flipper's books (issue 42): pieces, their cost lines and each seller's currency. Days are
  // YYYY-MM-DD text (as core and Firestore keep them), hours whole hundredths, money whole cents.
  `
  CREATE TABLE pieces (
    id text PRIMARY KEY,
    owner text NOT NULL,
    name text NOT NULL,
    furniture_type text,
    style text,
    bought_from text,
    bought_on text,
    purchase_cents integer NOT NULL CHECK (purchase_cents >= 0),
    hours_hundredths integer NOT NULL CHECK (hours_hundredths >= 0),
    status text NOT NULL,
    listing_id text,
    sale_cents integer CHECK (sale_cents >= 0),
    sale_channel text,
    sold_on text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    deleted_at timestamptz
  );
  CREATE INDEX pieces_by_owner ON pieces (owner, created_at DESC);
  CREATE INDEX pieces_by_listing ON pieces (listing_id) WHERE listing_id IS NOT NULL;
  CREATE INDEX pieces_deleted ON pieces (deleted_at) WHERE deleted_at IS NOT NULL;
  CREATE TABLE piece_costs (
    id text PRIMARY KEY,
    piece_id text NOT NULL REFERENCES pieces (id) ON DELETE CASCADE,
    owner text NOT NULL,
    category text NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents >= 0),
    note text NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX piece_costs_by_piece ON piece_costs (piece_id, created_at);
  CREATE TABLE book_settings (
    owner text PRIMARY KEY,
    currency text NOT NULL
  );
  `,
  // The stagings (image edits) linked to a piece, oldest link first (issue 42).
  `ALTER TABLE pieces ADD COLUMN staging_ids text[] NOT NULL DEFAULT '{}'`,
  // The books' summary sums one seller's cost lines (pglitePieces.ts): by owner, not every seller's.
  `CREATE INDEX piece_costs_by_owner ON piece_costs (owner, piece_id)`,
];
