/**
 * Offline: Firebase mode's import against a recorder in place of the Firestore SDK. Batches stay
 * within Firestore's 500 writes with each piece beside its cost lines, and a failed batch takes
 * back what the earlier ones wrote, so an import leaves every row or none.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import type { ImportedPiece } from '@flipstage/core';
import { BATCH_PIECES, writeImport } from './firestoreBooksImport';

type Write = { op: 'set' | 'update' | 'delete'; path: string; data?: Record<string, unknown> };

const recorded = vi.hoisted(() => ({
  committed: [] as Write[][],
  /** The number of the commit (from 1) that fails, or 0. */
  failAt: 0,
  attempts: 0,
  ids: 0,
}));

vi.mock('firebase/firestore', () => ({
  collection: (parent: { path: string } | unknown, ...segments: string[]) => ({
    path: [typeof parent === 'object' && parent && 'path' in parent ? (parent as { path: string }).path : '', ...segments]
      .filter(Boolean)
      .join('/'),
  }),
  doc: (collection: { path: string }) => ({ path: `${collection.path}/id${++recorded.ids}` }),
  serverTimestamp: () => 'SERVER_TIME',
  writeBatch: () => {
    const writes: Write[] = [];
    return {
      set: (ref: { path: string }, data: Record<string, unknown>) => writes.push({ op: 'set', path: ref.path, data }),
      update: (ref: { path: string }, data: Record<string, unknown>) => writes.push({ op: 'update', path: ref.path, data }),
      delete: (ref: { path: string }) => writes.push({ op: 'delete', path: ref.path }),
      commit: async () => {
        if (++recorded.attempts === recorded.failAt) throw new Error('unavailable');
        recorded.committed.push(writes);
      },
    };
  },
}));

const db = {} as Firestore;
const row = (costs: number): ImportedPiece => ({
  piece: {
    name: 'Chair', furnitureType: null, style: null, boughtFrom: null, boughtOn: null, purchaseCents: 100, hours: 0,
    status: 'sourced', listingId: null, stagingIds: [], saleCents: null, saleChannel: null, soldOn: null,
  },
  costs: Array.from({ length: costs }, () => ({ category: 'materials' as const, amountCents: 10, note: '' })),
});

beforeEach(() => {
  recorded.committed = [];
  recorded.failAt = 0;
  recorded.attempts = 0;
  recorded.ids = 0;
});

describe('an import in Firebase mode', () => {
  it('writes each piece with its owner, the server’s instants and no deletion mark', async () => {
    expect(await writeImport(db, 'dana', [row(1)])).toEqual({ imported: 1 });
    const [piece, cost] = recorded.committed[0]!;
    expect(piece!.data).toMatchObject({ owner: 'dana', created_at: 'SERVER_TIME', updated_at: 'SERVER_TIME', deletedAt: null });
    expect(cost!.path.startsWith(`${piece!.path}/costs/`)).toBe(true);
    expect(cost!.data).toMatchObject({ owner: 'dana', created_at: 'SERVER_TIME' });
  });

  it('keeps each batch within 500 writes, never parting a piece from its cost lines', async () => {
    // 3 pieces of 200 writes each: 2 to a batch.
    await writeImport(db, 'dana', Array.from({ length: 3 }, () => row(199)));
    expect(recorded.committed.map((batch) => batch.length)).toEqual([400, 200]);
  });

  it('puts at most 20 pieces in a batch, as many as the rules may read', async () => {
    await writeImport(db, 'dana', Array.from({ length: 45 }, () => row(1)));
    expect(recorded.committed.map((batch) => batch.length / 2)).toEqual([BATCH_PIECES, BATCH_PIECES, 5]);
  });

  it('takes back what earlier batches wrote when a later one fails, and fails itself', async () => {
    recorded.failAt = 2;
    await expect(writeImport(db, 'dana', Array.from({ length: 30 }, () => row(3)))).rejects.toThrow('unavailable');
    const [written, marks, removals] = recorded.committed;
    const pieces = written!.filter((w) => !w.path.includes('/costs/')).map((w) => w.path);
    const costs = written!.filter((w) => w.path.includes('/costs/')).map((w) => w.path);
    expect(marks!.filter((w) => w.op === 'delete').map((w) => w.path)).toEqual(costs);
    expect(marks!.filter((w) => w.op === 'update').map((w) => [w.path, w.data?.deletedAt])).toEqual(
      pieces.map((path) => [path, 'SERVER_TIME']),
    );
    expect(removals!.map((w) => [w.op, w.path])).toEqual(pieces.map((path) => ['delete', path]));
  });
});
