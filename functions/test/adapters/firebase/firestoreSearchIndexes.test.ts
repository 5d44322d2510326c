/**
 * Offline: every query core's Firestore search can make, for every mix of filters the
 * marketplace offers, in each order, signed in or out, is served by firestore.indexes.json. The
 * server's adapter and the browser's reader both run this planner, so this covers both.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ITEM_SORTS, searchFirestorePage, searchTerms, type FirestoreRead, type SearchTermInput, type Facets } from '@flipstage/core';
import { servingIndex, type IndexesFile, type QueryShape } from '../../../../scripts/lib/firestoreIndexCoverage.mjs';

const indexes = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../firestore.indexes.json', import.meta.url)), 'utf8'),
) as IndexesFile;

const FILTER_MIXES: (SearchTermInput & Facets)[] = [
  {},
  { search: 'walnut' },
  { search: 'wa' },
  { search: 'walnut dresser' },
  { tag: 'vintage' },
  { area: 'lyon' },
  { style: 'modern' },
  { condition: 'good' },
  { style: 'modern', type: 'dresser', condition: 'good' },
  { search: 'oak', tag: 'vintage', area: 'lyon', type: 'chair' },
];
const PRICES = [
  { minPrice: null, maxPrice: null },
  { minPrice: 10, maxPrice: null },
  { minPrice: 10, maxPrice: 500 },
];

async function shapesOf(): Promise<QueryShape[]> {
  const shapes: QueryShape[] = [];
  const run = (read: FirestoreRead) => {
    shapes.push({
      collectionGroup: 'items',
      scope: 'COLLECTION',
      filters: read.filters.map((f) => ({ field: f.field, op: f.op })),
      orderBy: read.orderBy,
    });
    return Promise.resolve([]);
  };
  for (const mix of FILTER_MIXES) {
    for (const price of PRICES) {
      for (const sort of ITEM_SORTS) {
        for (const viewer of [null, 'u1']) {
          const after = { createdAt: '2026-01-01T00:00:00.000Z', price: 5, id: 'x' };
          await searchFirestorePage(run, { terms: searchTerms(mix), ...price, sort, viewer, after, limit: 24 });
        }
      }
    }
  }
  return shapes;
}

describe('firestore.indexes.json against the listing search planner', () => {
  it('has an index for every query a search makes', async () => {
    const shapes = await shapesOf();
    const unserved = shapes
      .filter((shape) => servingIndex(shape, indexes) === null)
      .map((shape) => JSON.stringify([shape.filters, shape.orderBy]));
    expect(shapes.length).toBeGreaterThan(100);
    expect([...new Set(unserved)]).toEqual([]);
  });
});
