/**
 * `npm run backfill:moderation -- --project <id>`: once, after deploying issue 40 to a project
 * that already had reports. Before it, any three reports hid a listing with no record of why, so a
 * moderator's queue would never show it: each reported or hidden listing without a moderation
 * record gets one ('hidden' or 'pending', awaiting review), and reports from before are marked as
 * awaiting review without counting toward hiding (their reporters were never checked). Local mode
 * needs none: its database migration does the same. Uses the Admin SDK's application default
 * credentials (or FIRESTORE_EMULATOR_HOST), and leaves what it finds done as it is.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@flipstage/core';
import type { ItemDoc, ModerationDoc } from '../functions/src/ports/store.js';
import { MODERATION_COLLECTIONS } from '../functions/src/adapters/firebase/firestoreModeration.js';

/** gRPC status 6, ALREADY_EXISTS: a moderator or a new report recorded the listing first. */
const ALREADY_EXISTS = 6;

const { values } = parseArgs({ options: { project: { type: 'string' } } });
const db = getFirestore(initializeApp(values.project ? { projectId: values.project } : undefined));
const items = db.collection(COLLECTIONS.items);
const writer = db.bulkWriter();
const failures: unknown[] = [];

const reports = await db.collection(MODERATION_COLLECTIONS.reports).get();
const older = reports.docs.filter((doc) => doc.get('reviewedAt') === undefined);
for (const doc of older)
  void writer.update(doc.ref, { counts: false, reviewedAt: null }).catch((e) => failures.push(e));

const hidden = await items.where('hidden', '==', true).get();
const ids = new Set([...hidden.docs.map((doc) => doc.id), ...older.map((doc) => String(doc.get('itemId')))]);
const listings = ids.size > 0 ? await db.getAll(...[...ids].map((id) => items.doc(id))) : [];
let queued = 0;
for (const snap of listings) {
  const item = snap.data() as ItemDoc | undefined;
  if (!item) continue;
  const record: ModerationDoc = {
    itemId: item.id,
    owner: item.owner,
    status: item.hidden ? 'hidden' : 'pending',
    reason: null,
    decidedBy: null,
    updated_at: new Date().toISOString(),
  };
  void writer.create(db.collection(MODERATION_COLLECTIONS.moderation).doc(item.id), record).then(
    () => (queued += 1),
    (error: { code?: unknown }) => error.code === ALREADY_EXISTS || failures.push(error),
  );
}
await writer.close();
console.log(`Queued ${queued} listings for review; marked ${older.length} older reports as awaiting review.`);
if (failures.length > 0) {
  console.error(`${failures.length} writes failed; run it again. The first: ${String(failures[0])}`);
  process.exit(1);
}
