/**
 * The local database's first migrations, in order: the founding schema through issue 25's
 * search. A migration's place in MIGRATIONS (migrations.ts) is its version: never edit or
 * reorder one that has shipped.
 */
export const FOUNDING_MIGRATIONS: readonly string[] = [
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
];
