/**
 * The web app's Firebase-mode books driver (web/src/backend/firestoreBooks.ts) against the real
 * firestore.rules on the emulator, signed in as the seller: every write it makes is one the rules
 * allow (the server's instants, whole pieces on update, the deletion mark), the export's
 * collection-group read, the currency, and an import of more pieces than one batch may hold.
 */
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostLineFields, PieceFields } from '@flipstage/core';
import { createFirestoreBooksDriver } from '../../../../web/src/backend/firestoreBooks.js';
import { firestoreRulesEnvironment } from '../support/rulesEnvironment.js';

let env: RulesTestEnvironment;
beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-web-books');
});
afterAll(async () => {
  await env.cleanup();
});

/** The modular SDK's Firestore behind the test context's compat one, signed in as `uid`. */
function driverFor(uid: string) {
  const compat = env.authenticatedContext(uid).firestore() as unknown as { _delegate: Firestore };
  return createFirestoreBooksDriver(compat._delegate, { currentUser: { uid } } as unknown as Auth);
}

const fields = (overrides: Partial<PieceFields> = {}): PieceFields => ({
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: null,
  boughtFrom: null,
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 1.5,
  status: 'in-progress',
  listingId: null,
  stagingIds: [],
  saleCents: null,
  saleChannel: null,
  soldOn: null,
  ...overrides,
});
const cost: CostLineFields = { category: 'materials', amountCents: 1200, note: 'Paint' };

describe('the web app’s books driver under the rules', () => {
  it('creates a piece, replaces its fields and reads it back with its cost lines', async () => {
    const driver = driverFor('dana');
    const piece = await driver.savePiece(null, fields());
    // The stagings in an order no sort would give: the stored map keeps each one's place.
    const sold = fields({
      status: 'sold',
      saleCents: 15000,
      saleChannel: 'FlipStage',
      soldOn: '2026-11-02',
      stagingIds: ['edit-b', 'edit-c', 'edit-a'],
    });
    await driver.savePiece(piece.id, sold);
    const line = await driver.addCost(piece.id, cost);
    await driver.updateCost(piece.id, line.id, { ...cost, amountCents: 1500 });
    const read = await driver.getPiece(piece.id);
    expect(read?.piece).toMatchObject({ ...sold, owner: 'dana', deletedAt: null });
    expect(read?.costs.map((c) => c.amountCents)).toEqual([1500]);
    await driver.removeCost(piece.id, line.id);
    expect((await driver.getPiece(piece.id))?.costs).toEqual([]);
  });

  it('deletes a piece into the deleted list and restores it', async () => {
    const driver = driverFor('eli');
    const piece = await driver.savePiece(null, fields());
    await driver.deletePiece(piece.id);
    expect((await driver.listDeletedPieces()).map((p) => p.id)).toEqual([piece.id]);
    expect(await driver.listPieces()).toEqual([]);
    await driver.restorePiece(piece.id);
    expect((await driver.listPieces()).map((p) => p.id)).toEqual([piece.id]);
  });

  it('shows another seller’s piece as none', async () => {
    const piece = await driverFor('fay').savePiece(null, fields());
    expect(await driverFor('gus').getPiece(piece.id)).toBeNull();
  });

  it('keeps the seller’s currency', async () => {
    const driver = driverFor('hal');
    expect(await driver.currency()).toBe('USD');
    await driver.setCurrency('GBP');
    expect(await driver.currency()).toBe('GBP');
  });

  it('imports more pieces than one batch holds, each with its cost lines, and exports them', async () => {
    const driver = driverFor('ivy');
    const rows = Array.from({ length: 45 }, (_, i) => ({ piece: fields({ name: `Piece ${i}` }), costs: [cost, cost] }));
    expect(await driver.importPieces(rows)).toEqual({ imported: 45 });
    const exported = await driver.exportPieces();
    expect(exported).toHaveLength(45);
    expect(exported.every((e) => e.costs.length === 2)).toBe(true);
  });
});
