/**
 * The local-mode database: PGlite (embedded Postgres) with simple ordered migrations. Tables
 * mirror the Firestore collections of DESIGN §3; the simulated payment provider keeps its own
 * `sim_*` tables beside them.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    uid text PRIMARY KEY,
    name text,
    email text,
    avatar text
  );
  CREATE TABLE customers (
    uid text PRIMARY KEY,
    credits_remaining integer NOT NULL DEFAULT 0 CHECK (credits_remaining >= 0),
    stripe_customer_id text UNIQUE,
    stripe_subscription_id text,
    stripe_subscription_status text,
    stripe_price_id text,
    subscription_state_at bigint,
    signup_granted_at timestamptz
  );
  CREATE TABLE ledger (
    id text PRIMARY KEY,
    seq bigserial NOT NULL,
    uid text NOT NULL REFERENCES customers (uid),
    delta integer NOT NULL,
    reason text NOT NULL,
    ref text NOT NULL,
    balance_after integer NOT NULL CHECK (balance_after >= 0),
    at timestamptz NOT NULL,
    UNIQUE (uid, ref)
  );
  CREATE TABLE stage_requests (
    uid text NOT NULL,
    key text NOT NULL,
    attempt_id text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'completed')),
    started_at bigint NOT NULL,
    edit_id text,
    input_url text,
    output_url text,
    PRIMARY KEY (uid, key)
  );
  CREATE TABLE image_edits (
    id text PRIMARY KEY,
    user_id text NOT NULL,
    input_image_url text NOT NULL,
    output_image_url text NOT NULL,
    background_style text NOT NULL,
    style text,
    furniture_type text,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX image_edits_by_user ON image_edits (user_id, created_at DESC, id DESC);
  CREATE TABLE items (
    id text PRIMARY KEY,
    title text NOT NULL,
    description text NOT NULL,
    price double precision NOT NULL CHECK (price >= 0),
    tags text[] NOT NULL,
    images text[] NOT NULL,
    thumbs text[] NOT NULL,
    owner text NOT NULL,
    state text NOT NULL CHECK (state IN ('active', 'sold')),
    keywords text[] NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX items_newest ON items (created_at DESC, id DESC);
  CREATE INDEX items_by_owner ON items (owner, created_at DESC, id DESC);
  CREATE INDEX items_keywords ON items USING gin (keywords);
  CREATE INDEX items_tags ON items USING gin (tags);
  CREATE TABLE stripe_events (
    id text PRIMARY KEY,
    type text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
  );
  `,
  `
  CREATE TABLE sim_customers (
    id text PRIMARY KEY,
    uid text NOT NULL,
    email text,
    name text,
    idempotency_key text UNIQUE NOT NULL
  );
  CREATE TABLE sim_checkout_sessions (
    id text PRIMARY KEY,
    uid text NOT NULL,
    customer_id text NOT NULL,
    price_id text NOT NULL,
    trial_days integer,
    success_url text NOT NULL,
    cancel_url text NOT NULL,
    status text NOT NULL DEFAULT 'open',
    idempotency_key text UNIQUE NOT NULL
  );
  CREATE TABLE sim_subscriptions (
    id text PRIMARY KEY,
    customer_id text NOT NULL,
    price_id text NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE sim_portal_sessions (
    id text PRIMARY KEY,
    customer_id text NOT NULL,
    return_url text NOT NULL
  );
  `,
  `
  CREATE TABLE local_meta (
    key text PRIMARY KEY,
    value text NOT NULL
  );
  `,
  // PGlite runs no autovacuum, so GIN's pending list would never be merged and every search
  // would scan it linearly: write entries straight into the index instead.
  `
  ALTER INDEX items_keywords SET (fastupdate = off);
  ALTER INDEX items_tags SET (fastupdate = off);
  SELECT gin_clean_pending_list('items_keywords');
  SELECT gin_clean_pending_list('items_tags');
  `,
  `
  ALTER TABLE items ADD COLUMN ai_staged boolean NOT NULL DEFAULT false;
  `,
  `
  CREATE INDEX stage_requests_pending ON stage_requests (started_at) WHERE status = 'pending';
  `,
  // A signed-out visitor's results, held until they sign up, and the trials granted per network a day.
  `
  CREATE TABLE held_edits (LIKE image_edits INCLUDING ALL);
  CREATE TABLE trial_addresses (
    address text NOT NULL,
    day text NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (address, day)
  );
  `,
  // How far a pending staging has got, for GET /api/stage/progress.
  `
  ALTER TABLE stage_requests
    ADD COLUMN progress_phase text,
    ADD COLUMN progress_step integer,
    ADD COLUMN progress_steps integer;
  `,
  // What buyers ask (issue 25): condition, size, pickup area, delivery, style and type; the
  // reservation beside the state; photo variants for srcset; hidden after reports; the seller as shown.
  `
  ALTER TABLE items
    ADD COLUMN condition text CHECK (condition IN ('new', 'like-new', 'good', 'fair', 'for-parts')),
    ADD COLUMN dimensions jsonb,
    ADD COLUMN pickup_area text,
    ADD COLUMN delivery boolean NOT NULL DEFAULT false,
    ADD COLUMN style text,
    ADD COLUMN furniture_type text,
    ADD COLUMN reserved boolean NOT NULL DEFAULT false,
    ADD COLUMN variants jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN hidden boolean NOT NULL DEFAULT false,
    ADD COLUMN seller_name text,
    ADD COLUMN seller_since timestamptz;
  `,
  // A listing's "member since" (issue 25): accounts made before this count from now.
  `
  ALTER TABLE users ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
  `,
  // Search that finds (issue 25): which version of core's search terms an item's keywords hold
  // (rows from before are recomputed by pgliteItemSearch's backfill), and the listed items in
  // each order the marketplace offers (price descending reads the price index backwards).
  `
  ALTER TABLE items ADD COLUMN terms_version integer;
  ALTER TABLE items ALTER COLUMN terms_version SET DEFAULT 2;
  CREATE INDEX items_listed_newest ON items (created_at DESC, id DESC) WHERE state = 'active' AND NOT hidden;
  CREATE INDEX items_listed_price ON items (price, id) WHERE state = 'active' AND NOT hidden;
  CREATE INDEX items_owner_price ON items (owner, price, id);
  `,
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
];

/**
 * PGlite keeps its whole data directory in memory anyway, so Postgres's own 128 MB buffer pool
 * only doubles it; 16 MB gives the local host about 140 MB back for staging (DESIGN §6: the
 * engine's budget is 1 GiB for the host while it stages).
 */
const LOCAL_SETTINGS = ['shared_buffers=16MB'];

/**
 * Opens (creating if needed) the database in dataDir, or in memory when dataDir is null, and migrates it.
 * A `template` (a data dir from dumpDataDir, already migrated) skips initdb and the migrations it holds:
 * the tests open dozens of databases a run, and each would otherwise spend seconds on both.
 */
export async function openLocalDatabase(dataDir: string | null, template?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    postgresqlconf: LOCAL_SETTINGS,
  });
  await migrate(db);
  // No autovacuum here either: fresh statistics let the planner pick the right index for a search.
  await db.exec('ANALYZE');
  return db;
}

async function migrate(db: PGlite): Promise<void> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const done = new Set(applied.rows.map((r) => r.version));
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (done.has(version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    });
  }
}
