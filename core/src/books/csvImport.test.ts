import { describe, expect, it } from 'vitest';
import { booksCsv, parseCsv } from './csv.js';
import { guessMapping, IMPORT_MESSAGES, type ImportMapping } from './csvImport.js';
import { previewImport } from './csvImportRows.js';
import { PIECE_MESSAGES, type Piece } from './pieces.js';

const table = (text: string) => parseCsv(text);
const preview = (text: string, mapping?: ImportMapping) => {
  const rows = table(text);
  return previewImport(rows, mapping ?? guessMapping(rows[0]!));
};

describe('guessing the column mapping', () => {
  it('recognises the export’s own headers', () => {
    expect(guessMapping(['Piece ID', 'Name', 'Purchase price', 'Sale price', 'Cost category', 'Cost amount', 'Cost note'])).toEqual([
      'pieceKey', 'name', 'purchase', 'sale', 'costCategory', 'costAmount', 'costNote',
    ]);
  });

  it('recognises a hand-made spreadsheet’s common headers, whatever their case and spacing', () => {
    expect(guessMapping(['ITEM', 'Paid', 'Sold For', 'Date Sold', ' Paint ', 'Gas', 'Notes to self'])).toEqual([
      'name', 'purchase', 'sale', 'soldOn', 'cost:materials', 'cost:delivery', 'ignore',
    ]);
  });

  it('fills a piece field from one column only: a second column of it is left out', () => {
    expect(guessMapping(['Name', 'Item'])).toEqual(['name', 'ignore']);
  });
});

describe('previewing an import', () => {
  it('reads a row into a piece with money in cents, catalogue types by label and a sale’s status', () => {
    const result = preview('Name,Type,Paid,Sold for,Date sold,Bought on\r\nOak dresser,dresser/cabinet,$40,"1,210.5",2026-11-11,2026-10-01\r\n');
    expect(result.errors).toEqual([]);
    expect(result.pieces).toEqual([
      {
        rows: [2],
        costs: [],
        piece: {
          name: 'Oak dresser', furnitureType: 'dresser', style: null, boughtFrom: null, boughtOn: '2026-10-01',
          purchaseCents: 4000, hours: 0, status: 'sold', listingId: null, stagingIds: [], saleCents: 121050, saleChannel: null, soldOn: '2026-11-11',
        },
      },
    ]);
  });

  it('makes a cost line of each cost-category column, noted with its header', () => {
    const result = preview('Name,Paint,Gas\r\nChair,12.50,8\r\n');
    expect(result.pieces[0]!.costs).toEqual([
      { category: 'materials', amountCents: 1250, note: 'Paint' },
      { category: 'delivery', amountCents: 800, note: 'Gas' },
    ]);
  });

  it('gathers the rows of one piece ID into one piece with a cost line each, as the export writes them', () => {
    const result = preview('Piece ID,Name,Cost category,Cost amount,Cost note\r\nA,Desk,Materials,5,Paint\r\nA,Desk,Fees,2,Fee\r\nB,Lamp,,,\r\n');
    expect(result.pieces.map((p) => [p.piece.name, p.rows, p.costs.map((c) => c.category)])).toEqual([
      ['Desk', [2, 3], ['materials', 'fees']],
      ['Lamp', [4], []],
    ]);
  });

  it('reads back the export’s file as the same pieces and cost lines', () => {
    const piece: Piece = {
      id: 'p1', owner: 'dana', name: '=Oak, "big"', furnitureType: 'table', style: 'modern', boughtFrom: 'Yard sale',
      boughtOn: '2026-09-01', purchaseCents: 2500, hours: 1.25, status: 'picked-up', listingId: null, stagingIds: [], saleCents: 9999,
      saleChannel: 'Marketplace', soldOn: '2026-09-30', created_at: '', updated_at: '', deletedAt: null,
    };
    const costs = [{ id: 'c', pieceId: 'p1', owner: 'dana', category: 'repairs' as const, amountCents: 101, note: 'Glue, "Titebond"', created_at: '' }];
    const result = preview(booksCsv([{ piece, costs }]));
    const { id: _id, owner: _owner, created_at: _c, updated_at: _u, deletedAt: _d, ...fields } = piece;
    expect(result.errors).toEqual([]);
    expect(result.pieces).toEqual([{ rows: [2], piece: fields, costs: [{ category: 'repairs', amountCents: 101, note: 'Glue, "Titebond"' }] }]);
  });

  it('names the row, column and field of each problem, and keeps the bad rows out', () => {
    const result = preview('Name,Paid,Bought on\r\nGood,10,2026-01-01\r\nBad,ten,2026-02-30\r\n');
    expect(result.pieces.map((p) => p.piece.name)).toEqual(['Good']);
    expect(result.errors).toEqual([
      { row: 3, column: 'Paid', field: 'purchase', message: PIECE_MESSAGES.money },
      { row: 3, column: 'Bought on', field: 'boughtOn', message: PIECE_MESSAGES.date },
    ]);
  });

  it('refuses a row without a name, a type not in the catalogue and a sale before the purchase', () => {
    const result = preview('Name,Type,Bought on,Sold for,Date sold\r\n,desk,,,\r\nX,spaceship,,,\r\nY,,2026-05-01,10,2026-04-01\r\n');
    expect(result.pieces).toEqual([]);
    expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [2, 'name', PIECE_MESSAGES.nameRequired],
      [3, 'furnitureType', IMPORT_MESSAGES.type],
      [4, 'soldOn', PIECE_MESSAGES.saleBeforePurchase],
    ]);
  });

  it('imports nothing while no column is the name, or a field has two columns', () => {
    expect(preview('Paid\r\n10\r\n').problems).toEqual([IMPORT_MESSAGES.noName]);
    const rows = table('A,B\r\nx,y\r\n');
    const twice = previewImport(rows, ['name', 'name']);
    expect(twice.problems).toEqual([IMPORT_MESSAGES.mappedTwice('Name')]);
    expect(twice.pieces).toEqual([]);
  });

  it('follows the mapping the seller changed: a column left out is not read', () => {
    const rows = table('Name,Paid\r\nChair,oops\r\n');
    const result = previewImport(rows, ['name', 'ignore']);
    expect(result.errors).toEqual([]);
    expect(result.pieces[0]!.piece.purchaseCents).toBe(0);
  });
});
