/**
 * Listing search on Firestore for the server (issue 25): core's searchFirestorePage does the
 * planning, the in-memory checks and the merge; this runs each of its queries with firebase-admin.
 * The browser runs the same planner with the JS SDK (web/src/backend/firestoreMarketplace.ts).
 */
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { searchFirestorePage, type FirestoreRead } from '@flipstage/core';
import type { ItemDoc, ItemQuery, ItemStore } from '../../ports/store.js';
import { firestoreRefs } from './firestoreDocs.js';

const fieldOf = (field: string) => (field === '__name__' ? FieldPath.documentId() : field);

export function runItemRead(db: Firestore, read: FirestoreRead): Promise<ItemDoc[]> {
  let query = firestoreRefs(db).items as Query<ItemDoc>;
  for (const filter of read.filters) query = query.where(filter.field, filter.op, filter.value);
  for (const order of read.orderBy) query = query.orderBy(fieldOf(order.field), order.direction);
  if (read.startAfter) query = query.startAfter(...read.startAfter);
  return query
    .limit(read.limit)
    .get()
    .then((snap) => snap.docs.map((doc) => doc.data()));
}

export async function searchFirestoreItems(db: Firestore, query: ItemQuery): ReturnType<ItemStore['searchItems']> {
  const page = await searchFirestorePage((read) => runItemRead(db, read), query);
  return { data: page.data, next: page.next };
}
