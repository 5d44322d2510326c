/**
 * First-start demo data for local mode: a demo seller in the Auth emulator (known password,
 * printed by `npm start`) with a profile, credits and a dozen staged listings.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Auth } from 'firebase-admin/auth';
import type { PGlite } from '@electric-sql/pglite';
import { buildAutoPrompt, SIGNUP_CREDITS } from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { Images } from '../ports/images.js';
import type { Stager } from '../ports/stager.js';
import type { Store } from '../ports/store.js';
import { createItem } from '../services/marketplace.js';
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

export async function seedDemo(deps: {
  auth: Auth;
  db: PGlite;
  store: Store;
  blobs: Blobs;
  stager: Stager;
  images: Images;
  samplesDir: string;
  log: (line: string) => void;
}): Promise<void> {
  const uid = await ensureDemoUser(deps.auth);
  await deps.store.ensureAccount(
    uid,
    { name: DEMO_LOGIN.name, email: DEMO_LOGIN.email, avatar: null },
    SIGNUP_CREDITS,
    CREDIT_RULES,
  );
  const seeded = await deps.db.query("SELECT 1 FROM local_meta WHERE key = 'demo-listings'");
  if (seeded.rows.length > 0) return;

  deps.log(`Seeding ${SEED_LISTINGS.length} demo listings (staging the samples once) …`);
  for (const listing of SEED_LISTINGS) {
    const photo = new Uint8Array(await readFile(join(deps.samplesDir, listing.sample)));
    const staged = await deps.stager.stage({
      image: photo,
      prompt: buildAutoPrompt(listing.style, listing.furnitureType),
      style: listing.style,
      furnitureType: listing.furnitureType,
      mode: 'auto',
      size: 'standard',
      variant: 0,
    });
    const { item } = await createItem(deps, {
      uid,
      fields: {
        title: listing.title,
        description: listing.description,
        price: String(listing.price),
        tags: listing.tags,
        state: listing.state,
      },
      images: [{ data: staged.jpeg }, { data: photo }],
    });
    // The first image is a staging result made right here, so the listing is labelled AI-staged.
    const stored = await deps.store.getItem(item.id);
    if (stored) await deps.store.updateItem(item.id, uid, { ...stored, aiStaged: true });
  }
  await deps.db.query("INSERT INTO local_meta (key, value) VALUES ('demo-listings', $1) ON CONFLICT (key) DO NOTHING", [
    new Date().toISOString(),
  ]);
}
