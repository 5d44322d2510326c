import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  DESIGN_STYLE_IDS,
  FURNITURE_TYPE_IDS,
  isDesignStyleId,
  type DesignStyleId,
  type FurnitureTypeId,
} from '@flipstage/core';
import { usageError } from '../errors/exitCodes.js';
import { furnitureTypeNamed } from './folderType.js';
import { parseMark, type ManifestMark } from './mark.js';

/** What a manifest says about one photo; an empty cell leaves that option to the folder name or the flags. */
export interface ManifestEntry {
  type?: FurnitureTypeId;
  style?: DesignStyleId;
  prompt?: string;
  /** The piece to stage, for a photo the server cannot tell it in (or holding several). */
  subject?: ManifestMark;
}

/** Keyed by the photo's absolute path; `file` is relative to the manifest's own folder. */
export type Manifest = ReadonlyMap<string, ManifestEntry>;

interface RawRow {
  where: string;
  fields: Record<string, string | undefined>;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. Returns rows with their first line number. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += c;
  }
  endRow();
  return rows;
}

function csvRows(text: string, name: string): RawRow[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const columns = header?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  if (!columns.includes('file'))
    throw usageError(`${name} line 1: the header needs a "file" column (and any of type, style, prompt, box, point).`);
  return rows.map(({ line, cells }) => ({
    where: `${name} line ${line}`,
    fields: Object.fromEntries(columns.map((column, i) => [column, cells[i]])),
  }));
}

function jsonRows(text: string, name: string): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usageError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed))
    throw usageError(`${name} must be a JSON array of { "file", "type", "style", "prompt", "box", "point" }.`);
  return parsed.map((item: unknown, i) => {
    const where = `${name} entry ${i + 1}`;
    if (typeof item !== 'object' || item === null) throw usageError(`${where}: expected an object with a "file".`);
    const fields = Object.fromEntries(Object.entries(item).map(([key, value]) => [key.toLowerCase(), cellOf(value)]));
    return { where, fields };
  });
}

/** A JSON value as a CSV cell would hold it: a mark may be written as an array, `"box": [0.1, 0.2, 0.6, 0.7]`. */
function cellOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((n) => typeof n === 'number')) return value.join(',');
  return undefined;
}

function entryOf({ where, fields }: RawRow): ManifestEntry {
  const entry: ManifestEntry = {};
  // samples/manifest.json (the listings' own manifest) calls the type "furnitureType".
  const type = (fields.type ?? fields.furnituretype ?? '').trim();
  if (type) {
    const id = furnitureTypeNamed(type);
    if (!id) throw usageError(`${where}: unknown type "${type}". Valid values: ${FURNITURE_TYPE_IDS.join(', ')}.`);
    entry.type = id;
  }
  const style = (fields.style ?? '').trim().toLowerCase();
  if (style) {
    if (!isDesignStyleId(style)) {
      throw usageError(`${where}: unknown style "${style}". Valid values: ${DESIGN_STYLE_IDS.join(', ')}.`);
    }
    entry.style = style;
  }
  const prompt = (fields.prompt ?? '').trim();
  if (prompt) entry.prompt = prompt;
  const box = (fields.box ?? '').trim();
  const point = (fields.point ?? '').trim();
  if (box && point) throw usageError(`${where}: give a box or a point for the piece, not both.`);
  if (box) entry.subject = parseMark('box', box, where);
  else if (point) entry.subject = parseMark('point', point, where);
  return entry;
}

/** Reads a --manifest file: JSON when it is an array (or named .json), CSV with a header otherwise. */
export async function readManifest(path: string, cwd: string): Promise<Manifest> {
  const absolute = resolve(cwd, path);
  const text = await readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw usageError(`Cannot read --manifest ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  const looksJson = /\.json$/i.test(path) || text.trimStart().startsWith('[');
  const rows = looksJson ? jsonRows(text, path) : csvRows(text, path);
  const manifest = new Map<string, ManifestEntry>();
  for (const row of rows) {
    const file = (row.fields.file ?? '').trim();
    if (!file) throw usageError(`${row.where}: no file named.`);
    manifest.set(resolve(dirname(absolute), file), entryOf(row));
  }
  return manifest;
}
