/**
 * Offline: Firebase mode's books driver against a recorder in place of the Firestore SDK. Its
 * methods work called on their own, as lazyDriver calls them; the dashboard comes from the
 * trigger's totals; the export joins the collection-group read of cost lines to their pieces.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { emptyStock } from '@flipstage/core';
import { createFirestoreBooksDriver } from './firestoreBooks';

const at = new Date('2026-11-20T10:00:00.000Z');
const docs = vi.hoisted(() => new Map<string, Record<string, unknown>>());

vi.mock('firebase/firestore', () => {
  class Timestamp {
    constructor(private readonly date: Date) {}
    toDate() {
      return this.date;
    }
    static fromMillis(ms: number) {
      return new Timestamp(new Date(ms));
    }
  }
  const snap = (path: string) => ({
    id: path.split('/').at(-1)!,
    ref: { parent: { parent: { id: path.split('/').at(-3) } } },
    exists: () => docs.has(path),
    data: () => docs.get(path),
  });
  return {
    Timestamp,
    collection: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
    collectionGroup: (_db: unknown, id: string) => ({ group: id }),
    doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
    documentId: () => '__name__',
    where: () => ({}),
    query: (ref: { path?: string; group?: string }) => ref,
    getDoc: async (ref: { path: string }) => snap(ref.path),
    getDocs: async (ref: { path?: string; group?: string }) => ({
      docs: [...docs.keys()]
        .filter((path) =>
          ref.group ? path.split('/').at(-2) === ref.group : path.startsWith(`${ref.path}/`) && path.split('/').length === ref.path!.split('/').length + 1,
        )
        .map(snap),
    }),
  };
});

const auth = { currentUser: { uid: 'dana' } } as unknown as Auth;
const driver = createFirestoreBooksDriver({} as Firestore, auth);

describe('Firebase mode’s books driver', () => {
  it('makes the dashboard from the trigger’s totals and the seller’s currency, called on its own', async () => {
    docs.set('book_settings/dana', { currency: 'EUR' });
    docs.set('books/dana', { ...emptyStock(), tiedUpCents: 4000, unsoldPieces: 1 });
    docs.set('books/dana/months/2026-11', { revenueCents: 12000, profitCents: 5000, sold: 1 });
    const { summary } = driver;
    const result = await summary('2026-11-28');
    expect(result).toMatchObject({
      currency: 'EUR',
      thisMonth: { revenueCents: 12000, profitCents: 5000, sold: 1 },
      tiedUpCents: 4000,
      unsoldPieces: 1,
    });
  });

  it('exports each piece with its own cost lines, called on its own', async () => {
    const { Timestamp } = await import('firebase/firestore');
    const stamp = new (Timestamp as unknown as new (date: Date) => unknown)(at);
    const piece = { owner: 'dana', name: 'Chair', created_at: stamp, updated_at: stamp, deletedAt: null };
    docs.set('pieces/p1', piece);
    docs.set('pieces/p2', { ...piece, name: 'Desk' });
    docs.set('pieces/p1/costs/c1', { owner: 'dana', category: 'parts', amountCents: 500, note: 'Knobs', created_at: stamp });
    const { exportPieces } = driver;
    const exported = await exportPieces();
    expect(exported.map((e) => [e.piece.name, e.costs.map((c) => [c.pieceId, c.note])])).toEqual([
      ['Chair', [['p1', 'Knobs']]],
      ['Desk', []],
    ]);
    expect(exported[0]!.piece.created_at).toBe(at.toISOString());
  });
});
