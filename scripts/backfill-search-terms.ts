/**
 * `npm run backfill:search-terms -- --project <id>`: recomputes every listing's keywords in
 * Firestore with core's itemTerms, after SEARCH_TERMS_VERSION changed (issue 25's stemmer and
 * facet terms). Local mode needs none: PGlite recomputes older rows before its first search.
 * Uses the Admin SDK's application default credentials (or FIRESTORE_EMULATOR_HOST), pages
 * through items by id, and writes only the listings whose terms differ.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore } from 'firebase-admin/firestore';
import { itemTerms } from '@flipstage/core';
import type { ItemDoc } from '../functions/src/ports/store.js';

const { values } = parseArgs({ options: { project: { type: 'string' } } });
const db = getFirestore(initializeApp(values.project ? { projectId: values.project } : undefined));
const PAGE = 500;

let last: string | null = null;
let read = 0;
let updated = 0;
for (;;) {
  let query = db.collection('items').orderBy(FieldPath.documentId()).limit(PAGE);
  if (last) query = query.startAfter(last);
  const snap = await query.get();
  if (snap.empty) break;
  const writer = db.bulkWriter();
  for (const doc of snap.docs) {
    const item = doc.data() as ItemDoc;
    const keywords = itemTerms(item);
    if (JSON.stringify(keywords) !== JSON.stringify(item.keywords)) {
      void writer.update(doc.ref, { keywords });
      updated += 1;
    }
  }
  await writer.close();
  read += snap.size;
  last = snap.docs[snap.docs.length - 1]!.id;
}
console.log(`Read ${read} listings; recomputed the keywords of ${updated}.`);
