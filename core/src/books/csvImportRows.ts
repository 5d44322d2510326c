/**
 * The import's preview (issue 42): each spreadsheet row read through the mapping into a piece and
 * its cost lines, checked with the same schemas as the form and the rules, every problem kept with
 * its row and field. Nothing is written here: an accepted preview's pieces go to the BooksDriver.
 */
import { DESIGN_STYLES, FURNITURE_TYPES } from '../catalog.js';
import { FORMULA_START } from './csv.js';
import {
  IMPORT_MESSAGES,
  IMPORT_TARGET_LABELS,
  norm,
  type ImportedRow,
  type ImportMapping,
  type ImportPreview,
  type ImportRowError,
  type ImportTarget,
} from './csvImport.js';
import {
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  costLineFieldsSchema,
  parseMoney,
  PIECE_MESSAGES,
  PIECE_STATUS_LABELS,
  PIECE_STATUSES,
  pieceFieldsSchema,
  type CostCategory,
  type CostLineFields,
  type PieceFields,
} from './pieces.js';

interface Cell {
  value: string;
  column: string;
}
type Fail = (field: ImportRowError['field'], column: string | null, message: string) => void;

const fromLabel = <T extends string>(value: string, options: ReadonlyArray<{ id: T; label: string }>) =>
  options.find((o) => norm(o.id) === norm(value) || norm(o.label) === norm(value))?.id;
const STATUS_OPTIONS = PIECE_STATUSES.map((id) => ({ id, label: PIECE_STATUS_LABELS[id] }));
const CATEGORY_OPTIONS = COST_CATEGORIES.map((id) => ({ id, label: COST_CATEGORY_LABELS[id] }));

/** The export's apostrophe before a formula-like text comes off. */
function plain(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith("'") && FORMULA_START.test(trimmed.slice(1)) ? trimmed.slice(1) : trimmed;
}

function money(cell: Cell | undefined, field: ImportTarget, fail: Fail): number | null {
  if (!cell || cell.value === '') return null;
  const cents = parseMoney(cell.value);
  if (cents === null) fail(field, cell.column, PIECE_MESSAGES.money);
  return cents;
}

function hours(cell: Cell | undefined, fail: Fail): number {
  if (!cell || cell.value === '') return 0;
  const value = Number(cell.value.replace(',', '.'));
  if (!/^\d+([.,]\d+)?$/.test(cell.value) || !Number.isFinite(value)) {
    fail('hours', cell.column, PIECE_MESSAGES.hours);
    return 0;
  }
  return value;
}

/** The piece's fields from its row; a status left empty is sold when there is a sale price, else sourced. */
function pieceOf(cells: Map<ImportTarget, Cell>, fail: Fail): PieceFields {
  const text = (target: ImportTarget) => {
    const value = cells.get(target)?.value ?? '';
    return value === '' ? null : value;
  };
  const choose = <T extends string>(target: ImportTarget, options: ReadonlyArray<{ id: T; label: string }>, message: string) => {
    const cell = cells.get(target);
    if (!cell || cell.value === '') return null;
    const id = fromLabel(cell.value, options);
    if (!id) fail(target, cell.column, message);
    return id ?? null;
  };
  const saleCents = money(cells.get('sale'), 'sale', fail);
  const status = choose('status', STATUS_OPTIONS, PIECE_MESSAGES.status) ?? (saleCents === null ? 'sourced' : 'sold');
  return {
    name: text('name') ?? '',
    furnitureType: choose('furnitureType', FURNITURE_TYPES, IMPORT_MESSAGES.type),
    style: choose('style', DESIGN_STYLES, IMPORT_MESSAGES.style),
    boughtFrom: text('boughtFrom'),
    boughtOn: text('boughtOn'),
    purchaseCents: money(cells.get('purchase'), 'purchase', fail) ?? 0,
    hours: hours(cells.get('hours'), fail),
    status,
    listingId: null,
    stagingIds: [],
    saleCents,
    saleChannel: text('saleChannel'),
    soldOn: text('soldOn'),
  };
}

/** The row's cost lines: one from the category, amount and note columns, one per cost-category column. */
function costsOf(cells: Map<ImportTarget, Cell>, costColumns: Array<{ index: number; category: CostCategory; column: string }>, row: string[], fail: Fail): CostLineFields[] {
  const costs: CostLineFields[] = [];
  const amount = cells.get('costAmount');
  const category = cells.get('costCategory');
  if (amount?.value || category?.value) {
    const cents = money(amount, 'costAmount', fail);
    if (cents === null && !amount?.value) fail('costAmount', amount?.column ?? null, IMPORT_MESSAGES.costWithoutAmount);
    const id = category?.value ? fromLabel(category.value, CATEGORY_OPTIONS) : 'materials';
    if (!id) fail('costCategory', category!.column, PIECE_MESSAGES.category);
    if (cents !== null && id) costs.push({ category: id, amountCents: cents, note: cells.get('costNote')?.value ?? '' });
  }
  for (const { index, category: id, column } of costColumns) {
    const cents = money({ value: plain(row[index] ?? ''), column }, `cost:${id}`, fail);
    if (cents !== null && cents > 0) costs.push({ category: id, amountCents: cents, note: column.trim() });
  }
  return costs;
}

/** Which field of ours a schema's issue path names, and the column it came from. */
const SCHEMA_FIELDS: Record<string, ImportTarget> = {
  name: 'name',
  furnitureType: 'furnitureType',
  style: 'style',
  boughtFrom: 'boughtFrom',
  boughtOn: 'boughtOn',
  purchaseCents: 'purchase',
  hours: 'hours',
  status: 'status',
  saleCents: 'sale',
  saleChannel: 'saleChannel',
  soldOn: 'soldOn',
  note: 'costNote',
  amountCents: 'costAmount',
  category: 'costCategory',
};

export function previewImport(table: ReadonlyArray<readonly string[]>, mapping: ImportMapping): ImportPreview {
  const header = table[0] ?? [];
  const problems: string[] = [];
  if (!mapping.includes('name')) problems.push(IMPORT_MESSAGES.noName);
  for (const target of new Set(mapping)) {
    if (target !== 'ignore' && !target.startsWith('cost:') && mapping.filter((t) => t === target).length > 1)
      problems.push(IMPORT_MESSAGES.mappedTwice(IMPORT_TARGET_LABELS[target]));
  }
  if (problems.length > 0) return { pieces: [], errors: [], problems };

  const costColumns = mapping.flatMap((target, index) =>
    target.startsWith('cost:') ? [{ index, category: target.slice(5) as CostCategory, column: header[index] ?? '' }] : [],
  );
  const errors: ImportRowError[] = [];
  const groups = new Map<string, ImportedRow & { failed: boolean }>();
  table.slice(1).forEach((row, i) => {
    const rowNumber = i + 2;
    let failed = false;
    const fail: Fail = (field, column, message) => {
      failed = true;
      errors.push({ row: rowNumber, column, field, message });
    };
    const cells = new Map<ImportTarget, Cell>();
    mapping.forEach((target, index) => {
      if (target !== 'ignore' && !target.startsWith('cost:'))
        cells.set(target, { value: plain(row[index] ?? ''), column: header[index] ?? '' });
    });
    const key = cells.get('pieceKey')?.value || `row ${rowNumber}`;
    const costs = costsOf(cells, costColumns, [...row], fail);
    for (const cost of costs) {
      const checked = costLineFieldsSchema.safeParse(cost);
      if (!checked.success) for (const issue of checked.error.issues) fail(SCHEMA_FIELDS[String(issue.path[0])] ?? 'costNote', null, issue.message);
    }
    const group = groups.get(key);
    if (group) {
      // A later row of the same piece adds its cost lines; its piece columns repeat the first row's.
      group.rows.push(rowNumber);
      group.costs.push(...costs);
      group.failed ||= failed;
      return;
    }
    const fields = pieceOf(cells, fail);
    const checked = pieceFieldsSchema.safeParse(fields);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = SCHEMA_FIELDS[String(issue.path[0])] ?? 'piece';
        fail(field, field === 'piece' ? null : (cells.get(field)?.column ?? null), issue.message);
      }
    }
    groups.set(key, { rows: [rowNumber], piece: checked.success ? checked.data : fields, costs, failed });
  });
  const pieces = [...groups.values()].filter((g) => !g.failed).map(({ rows, piece, costs }) => ({ rows, piece, costs }));
  return { pieces, errors, problems };
}
