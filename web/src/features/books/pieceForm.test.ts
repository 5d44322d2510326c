import { describe, expect, it } from 'vitest';
import { PIECE_MESSAGES, type Piece } from '@flipstage/core';
import { EMPTY_PIECE_FORM, costFormSchema, pieceFormSchema, toPieceFields, toPieceForm } from './pieceForm';

const soldPiece: Piece = {
  id: 'piece-1',
  owner: 'user-1',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: 'farmhouse',
  boughtFrom: 'Estate sale',
  boughtOn: '2026-11-01',
  purchaseCents: 4050,
  hours: 2.5,
  status: 'sold',
  listingId: 'item-1',
  stagingIds: ['edit-1'],
  saleCents: 20000,
  saleChannel: 'FlipStage',
  soldOn: '2026-11-15',
};

describe('the piece form’s values', () => {
  it('give back the stored piece’s fields unchanged', () => {
    const { id: _id, owner: _owner, created_at: _c, updated_at: _u, deletedAt: _d, ...fields } = soldPiece;
    expect(toPieceFields(toPieceForm(soldPiece))).toEqual(fields);
  });

  it('drop the sale’s fields when the piece is no longer sold', () => {
    const fields = toPieceFields({ ...toPieceForm(soldPiece), status: 'listed' });
    expect([fields.saleCents, fields.saleChannel, fields.soldOn]).toEqual([null, null, null]);
  });

  it('count an empty purchase price and hours as none', () => {
    const fields = toPieceFields({ ...EMPTY_PIECE_FORM, name: 'Pine bench' });
    expect([fields.purchaseCents, fields.hours]).toEqual([0, 0]);
  });

  it("put core's message on the field the seller typed", () => {
    const result = pieceFormSchema.safeParse({ ...EMPTY_PIECE_FORM, name: 'Pine bench', hours: 'two' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['hours', PIECE_MESSAGES.hours]]);
  });

  it('refuse a cost line without an amount under the amount', () => {
    const result = costFormSchema.safeParse({ category: 'parts', amount: '', note: 'Knobs' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['amount', PIECE_MESSAGES.money]]);
  });
});
