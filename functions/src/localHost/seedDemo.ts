/**
 * First-start demo data for local mode: a demo seller in the Auth emulator (known password,
 * printed by `npm start`) with a profile, credits and a dozen listings staged from real photos.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import type { PGlite } from '@electric-sql/pglite';
import { buildAutoPrompt, SIGNUP_CREDITS } from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { Images } from '../ports/images.js';
import type { PageAfter } from '../ports/items.js';
import type { Stager } from '../ports/stager.js';
import type { Store } from '../ports/store.js';
import { createItem, deleteItem } from '../services/marketplace.js';
import { CREDIT_RULES } from '../services/creditRules.js';
import { SEED_LISTINGS } from './seedListings.js';

export const DEMO_LOGIN = {
  uid: 'demo-seller',
  email: 'demo@flipstage.local',
  password: 'flipstage-demo',
  name: 'Demo Seller',
} as const;

async function ensureDemoUser(auth: Auth): Promise<string> {
  try {
    return (await auth.getUserByEmail(DEMO_LOGIN.email)).uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  const user = await auth.createUser({
    uid: DEMO_LOGIN.uid,
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    displayName: DEMO_LOGIN.name,
    emailVerified: true,
  });
  return user.uid;
}

interface DemoDeps {
  auth: Auth;
  db: PGlite;
  store: Store;
  blobs: Blobs;
  stager: Stager;
  images: Images;
  samplesDir: string;
  log: (line: string) => void;
}

export async function seedDemo(deps: DemoDeps): Promise<void> {
  const uid = await ensureDemoUser(deps.auth);
  await deps.store.ensureAccount(
    uid,
    { name: DEMO_LOGIN.name, email: DEMO_LOGIN.email, avatar: null },
    SIGNUP_CREDITS,
    CREDIT_RULES,
  );
  if (await metaValue(deps.db, PHOTO_DEMO_KEY)) return;
  await retireDrawnDemo(deps, uid);

  deps.log(`Seeding ${SEED_LISTINGS.length} demo listings (staging their photos once) …`);
  for (const listing of SEED_LISTINGS) {
    const photo = new Uint8Array(await readFile(join(deps.samplesDir, 'photos', listing.photo)));
    const staged = await deps.stager.stage({
      image: photo,
      prompt: buildAutoPrompt(listing.style, listing.furnitureType),
      style: listing.style,
      furnitureType: listing.furnitureType,
      mode: 'auto',
      size: 'standard',
      variant: 0,
      subject: listing.mark,
    });
    const [width, depth, height] = listing.size;
    const { item } = await createItem(deps, {
      uid,
      // One listing per photo, whatever a start cut short left behind.
      idempotencyKey: `demo-listing:${listing.photo}`,
      fields: {
        title: listing.title,
        description: listing.description,
        price: String(listing.price),
        tags: listing.tags,
        state: listing.state,
        condition: listing.condition,
        width: String(width),
        depth: String(depth),
        height: String(height),
        unit: 'cm',
        pickupArea: listing.pickupArea,
        delivery: String(listing.delivery),
        style: listing.style,
        furnitureType: listing.furnitureType,
      },
      images: [{ data: staged.jpeg }, { data: photo }],
    });
    // The first image is a staging result made right here, so the listing is labelled AI-staged.
    const stored = await deps.store.getItem(item.id);
    if (stored) await deps.store.updateItem(item.id, uid, { ...stored, aiStaged: true });
  }
  await deps.db.query('INSERT INTO local_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    PHOTO_DEMO_KEY,
    new Date().toISOString(),
  ]);
}

/** Set once the listings from real photos are seeded. */
const PHOTO_DEMO_KEY = 'demo-listings-photos';
/** Set, to the time it finished, by a first start before them, which seeded listings of drawn furniture. */
const DRAWN_DEMO_KEY = 'demo-listings';

async function metaValue(db: PGlite, key: string): Promise<string | null> {
  return (
    (await db.query<{ value: string }>('SELECT value FROM local_meta WHERE key = $1', [key])).rows[0]?.value ?? null
  );
}

/**
 * A data folder seeded before the real photos has the demo seller's drawn listings: those the
 * seller left as they were (created by that seeding, never edited nor marked since) give way to
 * the new ones. A listing the demo seller wrote or changed stays, and no other account is read.
 */
async function retireDrawnDemo(deps: DemoDeps, uid: string): Promise<void> {
  const seededAt = await metaValue(deps.db, DRAWN_DEMO_KEY);
  if (!seededAt) return;
  const untouched: string[] = [];
  let after: PageAfter | null = null;
  do {
    const page = await deps.store.listItemsByOwner(uid, { includeUnlisted: true, after, limit: 100 });
    for (const doc of page.data) {
      const created = Date.parse(doc.created_at);
      if (created <= Date.parse(seededAt) && Date.parse(doc.updated_at) === created) untouched.push(doc.id);
    }
    after = page.next;
  } while (after);
  for (const id of untouched) await deleteItem(deps, id, uid);
  await deps.db.query('DELETE FROM local_meta WHERE key = $1', [DRAWN_DEMO_KEY]);
  if (untouched.length > 0)
    deps.log(`Replaced ${untouched.length} drawn demo listings with listings from real photos.`);
}
