/**
 * Offline: servingIndex, which firestoreIndexes.test.ts asks of every query the Firestore Store
 * runs, finds the single-field or composite index that serves a query shape, as Firestore does.
 */
import { describe, expect, it } from 'vitest';
import { servingIndex, type IndexesFile, type QueryShape } from '../../../../scripts/lib/firestoreIndexCoverage.mjs';

describe('servingIndex', () => {
  const shape = (query: Partial<QueryShape>): QueryShape => ({
    collectionGroup: 'items',
    scope: 'COLLECTION',
    filters: [],
    orderBy: [],
    ...query,
  });
  const file = (
    fields: IndexesFile['indexes'][number]['fields'],
    scope: 'COLLECTION' | 'COLLECTION_GROUP' = 'COLLECTION',
  ): IndexesFile => ({
    indexes: [{ collectionGroup: 'items', queryScope: scope, fields }],
  });
  const stateThenNewest = file([
    { fieldPath: 'state', order: 'ASCENDING' },
    { fieldPath: 'created_at', order: 'DESCENDING' },
  ]);

  it('serves one field, or equality filters alone, from the single-field indexes', () => {
    expect(servingIndex(shape({ orderBy: [{ field: 'seq', direction: 'desc' }] }), { indexes: [] })).toBe(
      'single-field',
    );
    expect(
      servingIndex(
        shape({
          filters: [
            { field: 'a', op: '==' },
            { field: 'b', op: 'array-contains' },
          ],
        }),
        { indexes: [] },
      ),
    ).toBe('single-field');
    expect(
      servingIndex(shape({ filters: [{ field: 'at', op: '<' }], orderBy: [{ field: 'at', direction: 'asc' }] }), {
        indexes: [],
      }),
    ).toBe('single-field');
  });

  it('needs a composite index with the equality fields first, then the orders in their directions', () => {
    const query = shape({
      filters: [{ field: 'state', op: '==' }],
      orderBy: [
        { field: 'created_at', direction: 'desc' },
        { field: '__name__', direction: 'desc' },
      ],
    });
    expect(servingIndex(query, stateThenNewest)).toBe(stateThenNewest.indexes[0]);
    expect(servingIndex(query, { indexes: [] })).toBeNull();
    expect(
      servingIndex({ ...query, orderBy: [{ field: 'created_at', direction: 'asc' }] }, stateThenNewest),
    ).toBeNull();
    expect(servingIndex({ ...query, scope: 'COLLECTION_GROUP' }, stateThenNewest)).toBeNull();
  });

  it('wants array-contains fields indexed as arrays, and an inequality field ordered', () => {
    const tagged = shape({
      filters: [{ field: 'tags', op: 'array-contains' }],
      orderBy: [{ field: 'created_at', direction: 'desc' }],
    });
    expect(
      servingIndex(
        tagged,
        file([
          { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
          { fieldPath: 'created_at', order: 'DESCENDING' },
        ]),
      ),
    ).not.toBeNull();
    expect(
      servingIndex(
        tagged,
        file([
          { fieldPath: 'tags', order: 'ASCENDING' },
          { fieldPath: 'created_at', order: 'DESCENDING' },
        ]),
      ),
    ).toBeNull();
    const stale = shape({
      filters: [
        { field: 'status', op: '==' },
        { field: 'startedAt', op: '<' },
      ],
    });
    expect(
      servingIndex(
        stale,
        file([
          { fieldPath: 'status', order: 'ASCENDING' },
          { fieldPath: 'startedAt', order: 'ASCENDING' },
        ]),
      ),
    ).not.toBeNull();
    expect(servingIndex(stale, file([{ fieldPath: 'status', order: 'ASCENDING' }]))).toBeNull();
  });
});
