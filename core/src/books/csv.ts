/**
 * The books as CSV (issue 42): RFC 4180 reading and writing, and the export's file. The export is
 * ONE file with one row per cost line (a piece without cost lines has one row with the cost columns
 * empty), the piece's columns repeated on each of its rows and its id in the first column, so a
 * spreadsheet can filter, sum and pivot it as it is. UTF-8 with a byte order mark (so Excel reads
 * the accents), CRLF line ends, ISO days, money as plain numbers with two decimals (45.50).
 * Reading it back is csvImport.ts's.
 */
import { DESIGN_STYLES, FURNITURE_TYPES } from '../catalog.js';
import type { CostLine, Piece } from './pieces.js';
import { centsToPlain, COST_CATEGORY_LABELS, PIECE_STATUS_LABELS } from './pieces.js';

export const CSV_BOM = '\uFEFF';

/** The export's columns, in order: their headers are what the import recognises first. */
export const EXPORT_COLUMNS = [
  'Piece ID',
  'Name',
  'Type',
  'Style',
  'Bought from',
  'Bought on',
  'Purchase price',
  'Hours',
  'Status',
  'Listing ID',
  'Sale price',
  'Sale channel',
  'Sold on',
  'Cost category',
  'Cost amount',
  'Cost note',
] as const;

/** A field quoted when it holds a comma, a quote or a line break (RFC 4180), its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`The file's quotes do not close: look at line ${line}.`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * The rows of a CSV text (RFC 4180): fields in double quotes may hold commas, doubled quotes and
 * line breaks; CRLF or LF ends a row; a leading byte order mark is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      line++;
      endRow();
    } else field += char;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * A text a spreadsheet would run as a formula (=, +, -, @ first) is written after an apostrophe,
 * which spreadsheets show as text and the import takes off again.
 */
export const FORMULA_START = /^[=+\-@]/;
export const asText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const typeLabel = (id: Piece['furnitureType']) => FURNITURE_TYPES.find((t) => t.id === id)?.label ?? '';
const styleLabel = (id: Piece['style']) => DESIGN_STYLES.find((s) => s.id === id)?.label ?? '';

function pieceColumns(piece: Piece): string[] {
  return [
    piece.id,
    asText(piece.name),
    typeLabel(piece.furnitureType),
    styleLabel(piece.style),
    asText(piece.boughtFrom ?? ''),
    piece.boughtOn ?? '',
    centsToPlain(piece.purchaseCents),
    String(piece.hours),
    PIECE_STATUS_LABELS[piece.status],
    piece.listingId ?? '',
    piece.saleCents === null ? '' : centsToPlain(piece.saleCents),
    asText(piece.saleChannel ?? ''),
    piece.soldOn ?? '',
  ];
}

/** The export file's text: BOM, header, one row per cost line (or per piece without any). */
export function booksCsv(pieces: ReadonlyArray<{ piece: Piece; costs: readonly CostLine[] }>): string {
  const rows: string[][] = [[...EXPORT_COLUMNS]];
  for (const { piece, costs } of pieces) {
    const columns = pieceColumns(piece);
    if (costs.length === 0) rows.push([...columns, '', '', '']);
    for (const cost of costs) {
      rows.push([...columns, COST_CATEGORY_LABELS[cost.category], centsToPlain(cost.amountCents), asText(cost.note)]);
    }
  }
  return CSV_BOM + writeCsv(rows);
}
