/**
 * A stand-in for the Admin SDK's Firestore that records the shape of every query the code runs
 * and answers every read with nothing (absent documents, empty results). Running the Firestore
 * adapter against it yields the queries it really builds, for the offline index check.
 */
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import type { QueryFilter, QueryOrder, QueryShape } from '../../../scripts/lib/firestoreIndexCoverage.mjs';

type Field = string | FieldPath;

function fieldName(field: Field): string {
  if (typeof field === 'string') return field;
  if (field.isEqual(FieldPath.documentId())) return '__name__';
  throw new Error(`Unsupported field path ${String(field)}`);
}

const emptyQuerySnapshot = { docs: [], size: 0, empty: true };

class RecordedQuery {
  constructor(
    readonly recorder: QueryShape[],
    readonly shape: QueryShape,
  ) {}

  private with(change: Partial<QueryShape>): RecordedQuery {
    return new RecordedQuery(this.recorder, { ...this.shape, ...change });
  }

  where(field: Field, op: string, _value: unknown): RecordedQuery {
    const filter: QueryFilter = { field: fieldName(field), op };
    return this.with({ filters: [...this.shape.filters, filter] });
  }

  orderBy(field: Field, direction: QueryOrder['direction'] = 'asc'): RecordedQuery {
    return this.with({ orderBy: [...this.shape.orderBy, { field: fieldName(field), direction }] });
  }

  limit(): RecordedQuery {
    return this;
  }

  startAfter(): RecordedQuery {
    return this;
  }

  get(): Promise<typeof emptyQuerySnapshot> {
    this.recorder.push(this.shape);
    return Promise.resolve(emptyQuerySnapshot);
  }
}

class RecordedDoc {
  constructor(
    readonly recorder: QueryShape[],
    readonly id: string,
  ) {}

  collection(id: string): RecordedCollection {
    return new RecordedCollection(this.recorder, id);
  }

  get(): Promise<{ exists: false; id: string; ref: RecordedDoc; data: () => undefined }> {
    return Promise.resolve({ exists: false, id: this.id, ref: this, data: () => undefined });
  }

  create(): Promise<void> {
    return Promise.resolve();
  }

  set(): Promise<void> {
    return Promise.resolve();
  }

  update(): Promise<void> {
    return Promise.resolve();
  }
}

class RecordedCollection extends RecordedQuery {
  constructor(recorder: QueryShape[], id: string) {
    super(recorder, { collectionGroup: id, scope: 'COLLECTION', filters: [], orderBy: [] });
  }

  doc(id: string): RecordedDoc {
    return new RecordedDoc(this.recorder, id);
  }
}

function transaction() {
  const read = (target: RecordedDoc | RecordedQuery) => target.get();
  return {
    get: read,
    getAll: (...refs: RecordedDoc[]) => Promise.all(refs.map((ref) => ref.get())),
    create() {},
    set() {},
    update() {},
    delete() {},
  };
}

/** A recording Firestore and the list its queries are appended to as they run. */
export function recordingFirestore(): { db: Firestore; queries: QueryShape[] } {
  const queries: QueryShape[] = [];
  const db = {
    collection: (id: string) => new RecordedCollection(queries, id),
    collectionGroup: (id: string) =>
      new RecordedQuery(queries, { collectionGroup: id, scope: 'COLLECTION_GROUP', filters: [], orderBy: [] }),
    getAll: (...refs: RecordedDoc[]) => Promise.all(refs.map((ref) => ref.get())),
    runTransaction: <T>(fn: (tx: ReturnType<typeof transaction>) => Promise<T>) => fn(transaction()),
    terminate: () => Promise.resolve(),
  };
  return { db: db as unknown as Firestore, queries };
}
