import { describe, expect, it } from 'vitest';
import { booksCsv, CSV_BOM, CsvSyntaxError, EXPORT_COLUMNS, parseCsv, writeCsv } from './csv.js';
import type { CostLine, Piece } from './pieces.js';

const piece = (overrides: Partial<Piece> = {}): Piece => ({
  id: 'p1',
  owner: 'dana',
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: 'farmhouse',
  boughtFrom: 'Estate sale',
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 6.5,
  status: 'sold',
  listingId: null,
  stagingIds: [],
  saleCents: 21050,
  saleChannel: 'FlipStage',
  soldOn: '2026-11-11',
  created_at: '2026-10-01T10:00:00.000Z',
  updated_at: '2026-11-11T10:00:00.000Z',
  deletedAt: null,
  ...overrides,
});
const cost = (overrides: Partial<CostLine> = {}): CostLine => ({
  id: 'c1',
  pieceId: 'p1',
  owner: 'dana',
  category: 'materials',
  amountCents: 3550,
  note: 'Chalk paint',
  created_at: '2026-10-02T10:00:00.000Z',
  ...overrides,
});

describe('reading CSV (RFC 4180)', () => {
  it('splits rows on CRLF or LF and fields on commas', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f')).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f']]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('"Oak, solid","He said ""sold""","two\r\nlines"\r\n')).toEqual([
      ['Oak, solid', 'He said "sold"', 'two\r\nlines'],
    ]);
  });

  it('drops a byte order mark and skips blank lines', () => {
    expect(parseCsv(`${CSV_BOM}name\r\n\r\nOak\r\n`)).toEqual([['name'], ['Oak']]);
  });

  it('keeps empty fields, at the end of a row too', () => {
    expect(parseCsv('a,,\r\n,b,')).toEqual([['a', '', ''], ['', 'b', '']]);
  });

  it('refuses a quote that never closes, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\r\n"open,c\r\nd')).toThrow(new CsvSyntaxError(2));
  });

  it('reads back what it writes', () => {
    const rows = [['Name', 'Note'], ['Oak, "solid"', 'line one\r\nline two'], ['', 'x']];
    expect(parseCsv(writeCsv(rows))).toEqual(rows);
  });
});

describe('the books’ export', () => {
  it('starts with a byte order mark and the header, rows ending in CRLF', () => {
    const text = booksCsv([]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe(`${CSV_BOM}${EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('writes one row per cost line, the piece’s columns on each, money with two decimals', () => {
    const rows = parseCsv(booksCsv([{ piece: piece(), costs: [cost(), cost({ id: 'c2', category: 'fees', amountCents: 1200, note: 'Fee' })] }]));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'p1', 'Oak dresser', 'Dresser/Cabinet', 'Farmhouse', 'Estate sale', '2026-10-01', '40.00', '6.5',
      'Sold', '', '210.50', 'FlipStage', '2026-11-11', 'Materials', '35.50', 'Chalk paint',
    ]);
    expect(rows[2]!.slice(13)).toEqual(['Fees', '12.00', 'Fee']);
  });

  it('writes a piece without cost lines as one row with the cost columns empty', () => {
    const rows = parseCsv(booksCsv([{ piece: piece({ saleCents: null, soldOn: null, status: 'listed', saleChannel: null }), costs: [] }]));
    expect(rows[1]!.slice(10)).toEqual(['', '', '', '', '', '']);
  });

  it('writes a text a spreadsheet would run as a formula after an apostrophe', () => {
    const rows = parseCsv(booksCsv([{ piece: piece({ name: '=HYPERLINK("x")' }), costs: [cost({ note: '+1 coat' })] }]));
    expect(rows[1]![1]).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]![15]).toBe(`'+1 coat`);
  });
});
