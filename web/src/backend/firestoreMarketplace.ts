/**
 * Firebase mode's marketplace reads (DESIGN §1, issue 25): the list and a listing's page come
 * straight from items/{id} under firestore.rules (anyone reads listed items; a seller their own),
 * not through the function. The list runs core's searchFirestorePage, the same planner the server
 * runs, with the JS SDK; every query it makes has its index in firestore.indexes.json. Creating,
 * editing and deleting stay on the API, which owns the photos and the checks.
 */
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { Auth } from 'firebase/auth';
import {
  ITEM_PAGE_SIZE,
  itemsQuerySchema,
  MESSAGES,
  searchFirestorePage,
  searchTerms,
  type FirestoreRead,
  type ItemDetail,
  type ItemPosition,
  type ItemsPage,
  type SearchableItem,
} from '@flipstage/core';
import { ApiError } from './http';
import { contracts } from './contracts';
import type { ItemQuery, MarketplaceDriver } from './marketplace';

/** The cursor the API hands out too: the last item's date, id and price, base64url JSON. */
export function encodeCursor(position: ItemPosition | null): string | null {
  if (!position) return null;
  const json = JSON.stringify([position.createdAt, position.id, position.price]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function decodeCursor(cursor: string): ItemPosition {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' && typeof value[2] === 'number') {
      return { createdAt: value[0], id: value[1], price: value[2] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ApiError(400, MESSAGES.invalidCursor);
}

/** One query of the planner, run with the JS SDK. */
export async function runItemRead(db: Firestore, read: FirestoreRead): Promise<SearchableItem[]> {
  const constraints: QueryConstraint[] = [
    ...read.filters.map((f) => where(f.field, f.op, f.value)),
    ...read.orderBy.map((o) => orderBy(o.field === '__name__' ? documentId() : o.field, o.direction)),
    ...(read.startAfter ? [startAfter(...read.startAfter)] : []),
    limit(read.limit),
  ];
  const snap = await getDocs(query(collection(db, 'items'), ...constraints));
  return snap.docs.map((d) => d.data() as SearchableItem);
}

/** The same checks and messages as GET /api/marketplace-get-items, so bad input reads alike in both modes. */
export function firestoreSearchQuery(q: ItemQuery, viewer: string | null) {
  const parsed = itemsQuerySchema.safeParse({ ...q, cursor: undefined });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? MESSAGES.invalidCursor);
  const f = parsed.data;
  return {
    terms: searchTerms(f),
    minPrice: f.min,
    maxPrice: f.max,
    sort: f.sort,
    viewer,
    after: q.cursor ? decodeCursor(q.cursor) : null,
    limit: ITEM_PAGE_SIZE,
  };
}

const ITEM_ID = /^[A-Za-z0-9_-]{1,128}$/;

function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'permission-denied';
}

export function createFirestoreMarketplaceDriver(db: Firestore, auth: Auth, api: MarketplaceDriver): MarketplaceDriver {
  return {
    ...api,
    async listItems(q) {
      const page = await searchFirestorePage((read) => runItemRead(db, read), firestoreSearchQuery(q, auth.currentUser?.uid ?? null));
      const schema = await contracts.itemsPage();
      return schema.parse({ data: page.data, nextCursor: encodeCursor(page.next) }) satisfies ItemsPage;
    },
    async getItem(id) {
      // Rules refuse a hidden listing to all but its seller: to a buyer it is as gone as a deleted one.
      const missing = new ApiError(404, MESSAGES.itemNotFound);
      if (!ITEM_ID.test(id)) throw missing;
      const snap = await getDoc(doc(db, 'items', id)).catch((error: unknown) => {
        throw isPermissionDenied(error) ? missing : error;
      });
      if (!snap.exists()) throw missing;
      const schema = await contracts.itemDetail();
      return schema.parse(snap.data()) satisfies ItemDetail;
    },
  };
}
