/**
 * Reading a seller's spreadsheet into pieces (issue 42), before anything is written: the header
 * row names the columns, a mapping (guessed here, shown and changed by the UI) says which piece
 * field each column fills, and the preview holds the pieces read and every row's problems with
 * its row number (the spreadsheet's own: the header is row 1) and field. Rows sharing a "Piece ID"
 * are one piece with one cost line per row, as the export writes them; a column mapped to a cost
 * category instead makes one cost line per row of that column's amount, noted with its header, as
 * a hand-made spreadsheet has them ("Paint", "Gas").
 */
import { COST_CATEGORIES, COST_CATEGORY_LABELS, type CostCategory, type CostLineFields, type PieceFields } from './pieces.js';

const PIECE_TARGETS = [
  'pieceKey',
  'name',
  'furnitureType',
  'style',
  'boughtFrom',
  'boughtOn',
  'purchase',
  'hours',
  'status',
  'sale',
  'saleChannel',
  'soldOn',
  'costCategory',
  'costAmount',
  'costNote',
] as const;
export type ImportTarget = 'ignore' | (typeof PIECE_TARGETS)[number] | `cost:${CostCategory}`;
export const IMPORT_TARGETS: readonly ImportTarget[] = [
  'ignore',
  ...PIECE_TARGETS,
  ...COST_CATEGORIES.map((c) => `cost:${c}` as const),
];

export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  ignore: 'Leave out',
  pieceKey: 'Piece ID (rows with the same one are one piece)',
  name: 'Name',
  furnitureType: 'Type',
  style: 'Style',
  boughtFrom: 'Bought from',
  boughtOn: 'Bought on',
  purchase: 'Purchase price',
  hours: 'Hours',
  status: 'Status',
  sale: 'Sale price',
  saleChannel: 'Sale channel',
  soldOn: 'Sold on',
  costCategory: 'Cost category',
  costAmount: 'Cost amount',
  costNote: 'Cost note',
  ...(Object.fromEntries(COST_CATEGORIES.map((c) => [`cost:${c}`, `A cost: ${COST_CATEGORY_LABELS[c]}`])) as Record<
    `cost:${CostCategory}`,
    string
  >),
};

/** One target per column of the header, in the header's order. */
export type ImportMapping = ImportTarget[];

export interface ImportRowError {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  /** The column's header, when the problem is one column's. */
  column: string | null;
  field: ImportTarget | 'piece';
  message: string;
}

export interface ImportedRow {
  /** The spreadsheet rows the piece came from. */
  rows: number[];
  piece: PieceFields;
  costs: CostLineFields[];
}

export interface ImportPreview {
  /** The pieces every row of which reads cleanly: what an accepted import writes. */
  pieces: ImportedRow[];
  errors: ImportRowError[];
  /** Problems of the mapping itself (no name column, a field mapped twice); nothing imports until fixed. */
  problems: string[];
}

export const IMPORT_MESSAGES = {
  noName: 'Choose the column that holds each piece’s name.',
  mappedTwice: (label: string) => `Only one column can be “${label}”.`,
  type: 'Choose one of the furniture types, or leave it empty.',
  style: 'Choose one of the styles, or leave it empty.',
  costWithoutAmount: 'A cost line needs an amount.',
} as const;

export const norm = (value: string) => value.trim().toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Headers a hand-made spreadsheet uses, besides the export's own and the labels. */
const SYNONYMS: Record<string, ImportTarget> = {
  id: 'pieceKey',
  item: 'name',
  piece: 'name',
  description: 'name',
  category: 'furnitureType',
  source: 'boughtFrom',
  'purchased from': 'boughtFrom',
  'purchase date': 'boughtOn',
  'date bought': 'boughtOn',
  purchased: 'boughtOn',
  cost: 'purchase',
  paid: 'purchase',
  'purchase cost': 'purchase',
  price: 'sale',
  'sold for': 'sale',
  'sold price': 'sale',
  channel: 'saleChannel',
  platform: 'saleChannel',
  'sale date': 'soldOn',
  'date sold': 'soldOn',
  paint: 'cost:materials',
  supplies: 'cost:materials',
  hardware: 'cost:parts',
  gas: 'cost:delivery',
  fee: 'cost:fees',
};

/** The mapping the preview starts from: the export's headers, the labels and common names. */
export function guessMapping(header: readonly string[]): ImportMapping {
  const byName = new Map<string, ImportTarget>([
    ['piece id', 'pieceKey'],
    ['purchase price', 'purchase'],
    ['sale price', 'sale'],
    ...Object.entries(SYNONYMS),
    ...IMPORT_TARGETS.filter((t) => t !== 'ignore').map((t) => [norm(IMPORT_TARGET_LABELS[t]), t] as const),
    ...COST_CATEGORIES.map((c) => [norm(COST_CATEGORY_LABELS[c]), `cost:${c}` as const] as const),
  ]);
  const taken = new Set<ImportTarget>();
  return header.map((name) => {
    const target = byName.get(norm(name)) ?? 'ignore';
    // A piece field fills from one column; cost columns may be many.
    if (target === 'ignore' || (!target.startsWith('cost:') && taken.has(target))) return 'ignore';
    taken.add(target);
    return target;
  });
}
