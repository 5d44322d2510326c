/**
 * The PieceStore contract (issue 42), run against PGlite and the Firestore emulator: a seller's
 * pieces and cost lines are theirs alone, deleted pieces wait to be restored and are purged after,
 * an import writes every row, and a listing's sale moves the pieces linked to it to sold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostLineFields, PieceFields } from '@flipstage/core';
import { PieceNotFound, type PieceStore } from '../../src/ports/pieces.js';
import { uniq } from './contractData.js';

const at = (day: number, minute = 0) => new Date(Date.UTC(2026, 10, day, 12, minute)).toISOString();

export const aPiece = (overrides: Partial<PieceFields> = {}): PieceFields => ({
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: 'farmhouse',
  boughtFrom: 'Estate sale',
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 6.5,
  status: 'in-progress',
  listingId: null,
  stagingIds: [],
  saleCents: null,
  saleChannel: null,
  soldOn: null,
  ...overrides,
});

export const aCost = (overrides: Partial<CostLineFields> = {}): CostLineFields => ({
  category: 'materials',
  amountCents: 3550,
  note: 'Chalk paint, two coats',
  ...overrides,
});

export function describePieceStoreContract(
  name: string,
  open: () => Promise<{ store: PieceStore; close: () => Promise<void> }>,
): void {
  describe(`PieceStore contract: ${name}`, () => {
    let store: PieceStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close();
    });
    const seller = () => `seller_${uniq()}`;

    it('creates a piece with its fields, owner and instants, and reads it back with no cost lines', async () => {
      const owner = seller();
      const piece = await store.createPiece(owner, aPiece(), at(1));
      expect(piece).toEqual({ ...aPiece(), id: piece.id, owner, created_at: at(1), updated_at: at(1), deletedAt: null });
      expect(await store.getPiece(owner, piece.id)).toEqual({ piece, costs: [] });
    });

    it('lists a seller’s pieces newest first, and no other seller’s', async () => {
      const owner = seller();
      const older = await store.createPiece(owner, aPiece({ name: 'Older' }), at(1));
      const newer = await store.createPiece(owner, aPiece({ name: 'Newer' }), at(2));
      await store.createPiece(seller(), aPiece({ name: 'Someone else’s' }), at(3));
      expect((await store.listPieces(owner)).map((p) => p.id)).toEqual([newer.id, older.id]);
    });

    it('shows no piece of another seller, nor lets them change it', async () => {
      const piece = await store.createPiece(seller(), aPiece(), at(1));
      const stranger = seller();
      expect(await store.getPiece(stranger, piece.id)).toBeNull();
      await expect(store.updatePiece(stranger, piece.id, aPiece({ name: 'Mine now' }), at(2))).rejects.toBeInstanceOf(PieceNotFound);
      await expect(store.addCost(stranger, piece.id, aCost(), at(2))).rejects.toBeInstanceOf(PieceNotFound);
      await expect(store.setDeleted(stranger, piece.id, at(2), at(2))).rejects.toBeInstanceOf(PieceNotFound);
    });

    it('replaces a piece’s fields and its updated instant, keeping when it was created', async () => {
      const owner = seller();
      const piece = await store.createPiece(owner, aPiece(), at(1));
      const sold = aPiece({ status: 'sold', saleCents: 21000, saleChannel: 'Facebook', soldOn: '2026-11-20', hours: 0.25 });
      expect(await store.updatePiece(owner, piece.id, sold, at(5))).toEqual({ ...piece, ...sold, updated_at: at(5) });
    });

    it('keeps a piece’s stagings in their order through create and update, as read back', async () => {
      const owner = seller();
      // Not in the order of their ids, so a store that sorts them would show.
      const piece = await store.createPiece(owner, aPiece({ stagingIds: ['edit-c', 'edit-a', 'edit-b'] }), at(1));
      expect((await store.getPiece(owner, piece.id))?.piece.stagingIds).toEqual(['edit-c', 'edit-a', 'edit-b']);
      const relinked = aPiece({ stagingIds: ['edit-b', 'edit-d'] });
      expect((await store.updatePiece(owner, piece.id, relinked, at(2))).stagingIds).toEqual(['edit-b', 'edit-d']);
      expect((await store.getPiece(owner, piece.id))?.piece.stagingIds).toEqual(['edit-b', 'edit-d']);
      expect((await store.listPieces(owner))[0]?.stagingIds).toEqual(['edit-b', 'edit-d']);
    });

    it('adds, changes and removes cost lines, listed oldest first', async () => {
      const owner = seller();
      const piece = await store.createPiece(owner, aPiece(), at(1));
      const paint = await store.addCost(owner, piece.id, aCost(), at(2));
      const fee = await store.addCost(owner, piece.id, aCost({ category: 'fees', amountCents: 1200, note: 'Listing fee' }), at(3));
      expect(paint).toEqual({ ...aCost(), id: paint.id, pieceId: piece.id, owner, created_at: at(2) });
      const changed = await store.updateCost(owner, piece.id, paint.id, aCost({ amountCents: 4000, note: 'Three coats' }));
      expect(changed).toEqual({ ...paint, amountCents: 4000, note: 'Three coats' });
      await store.removeCost(owner, piece.id, fee.id);
      expect((await store.getPiece(owner, piece.id))?.costs).toEqual([changed]);
    });

    it('refuses to change a cost line that is not there', async () => {
      const owner = seller();
      const piece = await store.createPiece(owner, aPiece(), at(1));
      await expect(store.updateCost(owner, piece.id, 'no-such-line', aCost())).rejects.toBeInstanceOf(PieceNotFound);
      await expect(store.removeCost(owner, piece.id, 'no-such-line')).rejects.toBeInstanceOf(PieceNotFound);
    });

    it('keeps a deleted piece out of the list, lists it as deleted, and restores it', async () => {
      const owner = seller();
      const piece = await store.createPiece(owner, aPiece(), at(1));
      await store.setDeleted(owner, piece.id, at(4), at(4));
      expect(await store.listPieces(owner)).toEqual([]);
      expect(await store.getPiece(owner, piece.id)).toBeNull();
      expect((await store.listDeletedPieces(owner, at(3))).map((p) => [p.id, p.deletedAt])).toEqual([[piece.id, at(4)]]);
      expect(await store.listDeletedPieces(owner, at(5))).toEqual([]);
      await store.setDeleted(owner, piece.id, null, at(6));
      expect((await store.listPieces(owner)).map((p) => p.id)).toEqual([piece.id]);
    });

    it('purges pieces deleted before the cut-off, with their cost lines, and keeps the rest', async () => {
      const owner = seller();
      const old = await store.createPiece(owner, aPiece({ name: 'Old' }), at(1));
      await store.addCost(owner, old.id, aCost(), at(1));
      const recent = await store.createPiece(owner, aPiece({ name: 'Recent' }), at(1));
      await store.setDeleted(owner, old.id, at(2), at(2));
      await store.setDeleted(owner, recent.id, at(9), at(9));
      expect(await store.purgeDeleted(at(5))).toBeGreaterThanOrEqual(1);
      expect((await store.listDeletedPieces(owner, at(1))).map((p) => p.id)).toEqual([recent.id]);
      await expect(store.setDeleted(owner, old.id, null, at(10))).rejects.toBeInstanceOf(PieceNotFound);
    });

    it('exports every piece not deleted with its cost lines', async () => {
      const owner = seller();
      const kept = await store.createPiece(owner, aPiece({ name: 'Kept' }), at(1));
      const line = await store.addCost(owner, kept.id, aCost(), at(2));
      const gone = await store.createPiece(owner, aPiece({ name: 'Gone' }), at(3));
      await store.setDeleted(owner, gone.id, at(4), at(4));
      expect(await store.exportPieces(owner)).toEqual([{ piece: kept, costs: [line] }]);
    });

    it('imports every row with its cost lines', async () => {
      const owner = seller();
      const rows = [
        { piece: aPiece({ name: 'First' }), costs: [aCost(), aCost({ category: 'delivery', amountCents: 2000 })] },
        { piece: aPiece({ name: 'Second' }), costs: [] },
      ];
      expect(await store.importPieces(owner, rows, at(7))).toBe(2);
      const exported = await store.exportPieces(owner);
      expect(exported.map((e) => [e.piece.name, e.costs.length]).sort()).toEqual([['First', 2], ['Second', 0]]);
    });

    it('keeps a seller’s currency, US dollars until they choose one', async () => {
      const owner = seller();
      expect(await store.currency(owner)).toBe('USD');
      await store.setCurrency(owner, 'CAD');
      expect(await store.currency(owner)).toBe('CAD');
    });

    it('moves the listed pieces of a reserved listing to reserved and back, and no other seller’s', async () => {
      const owner = seller();
      const listingId = `item_${uniq()}`;
      const linked = await store.createPiece(owner, aPiece({ status: 'listed', listingId }), at(1));
      const sold = await store.createPiece(owner, aPiece({ status: 'sold', listingId, saleCents: 100, soldOn: '2026-11-02' }), at(1));
      const stranger = await store.createPiece(seller(), aPiece({ status: 'listed', listingId }), at(1));
      expect(await store.reserveListing(owner, listingId, true, at(5))).toBe(1);
      expect((await store.getPiece(owner, linked.id))?.piece).toEqual({ ...linked, status: 'reserved', updated_at: at(5) });
      expect((await store.getPiece(owner, sold.id))?.piece.status).toBe('sold');
      expect((await store.getPiece(stranger.owner, stranger.id))?.piece.status).toBe('listed');
      expect(await store.reserveListing(owner, listingId, false, at(6))).toBe(1);
      expect((await store.getPiece(owner, linked.id))?.piece.status).toBe('listed');
    });

    it('moves the pieces linked to a sold listing to sold, once, and no other seller’s', async () => {
      const owner = seller();
      const listingId = `item_${uniq()}`;
      const linked = await store.createPiece(owner, aPiece({ status: 'listed', listingId }), at(1));
      const unlinked = await store.createPiece(owner, aPiece({ status: 'listed' }), at(1));
      const stranger = await store.createPiece(seller(), aPiece({ status: 'listed', listingId }), at(1));
      const sale = { saleCents: 18050, saleChannel: 'FlipStage', soldOn: '2026-11-28' };
      expect(await store.sellListing(owner, listingId, sale, at(28))).toBe(1);
      expect((await store.getPiece(owner, linked.id))?.piece).toEqual({ ...linked, status: 'sold', ...sale, updated_at: at(28) });
      expect((await store.getPiece(owner, unlinked.id))?.piece.status).toBe('listed');
      expect((await store.getPiece(stranger.owner, stranger.id))?.piece.status).toBe('listed');
      expect(await store.sellListing(owner, listingId, { ...sale, saleChannel: 'eBay' }, at(29))).toBe(0);
    });
  });
}
