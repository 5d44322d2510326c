/**
 * The seller's brush strokes on a photo: parts painted to keep (restore) or to drop (erase). They
 * are hard constraints of the engine's segmentation: a kept cell is the piece, a dropped cell is
 * not, whatever the models think. A coarse grid over the oriented photo, so the strokes hold
 * whatever size the upload is shrunk to; sent as the stage form's `strokes` field, run-length
 * encoded (`160x120:1200.35+9645.-…`: a count, then `.` unpainted, `+` keep or `-` drop).
 * No zod here: the studio builds the form on its home route.
 */
export const BRUSH_NONE = 0;
export const BRUSH_KEEP = 1;
export const BRUSH_DROP = 2;
export type BrushCell = typeof BRUSH_NONE | typeof BRUSH_KEEP | typeof BRUSH_DROP;

export interface BrushMask {
  width: number;
  height: number;
  /** One cell per grid square, row by row: BRUSH_NONE, BRUSH_KEEP or BRUSH_DROP. */
  cells: Uint8Array;
}

/** The grid's long side: a brush a few cells wide is finger-sized on a phone and precise on a desk. */
export const BRUSH_GRID_LONG_SIDE = 160;
const MIN_GRID_SIDE = 4;
const MAX_GRID_SIDE = 256;
/**
 * The longest strokes field read: a brush paints runs, so a 160-cell grid painted all over takes a
 * few kilobytes. It matches the API's cap on a form field (64 KB, functions/src/http/multipart.ts),
 * which answers a longer one with 413 before it is parsed.
 */
export const MAX_BRUSH_FIELD_LENGTH = 64 * 1024;

const SYMBOLS = ['.', '+', '-'] as const;

/** The grid for a photo of this shape: BRUSH_GRID_LONG_SIDE along its long side, its aspect kept. */
export function brushGridSize(photoWidth: number, photoHeight: number): { width: number; height: number } {
  const long = Math.max(photoWidth, photoHeight, 1);
  const side = (n: number) => Math.max(MIN_GRID_SIDE, Math.round((n / long) * BRUSH_GRID_LONG_SIDE));
  return { width: side(photoWidth), height: side(photoHeight) };
}

export function emptyBrushMask(width: number, height: number): BrushMask {
  return { width, height, cells: new Uint8Array(width * height) };
}

/** Whether any cell is painted: an unpainted grid is no constraint and is not sent. */
export function hasBrushStrokes(mask: BrushMask): boolean {
  return mask.cells.some((cell) => cell !== BRUSH_NONE);
}

export function formatBrushMask(mask: BrushMask): string {
  let out = `${mask.width}x${mask.height}:`;
  let run = 0;
  for (let i = 0; i < mask.cells.length; i++) {
    run++;
    if (i + 1 === mask.cells.length || mask.cells[i + 1] !== mask.cells[i]) {
      out += `${run}${SYMBOLS[mask.cells[i]!] ?? '.'}`;
      run = 0;
    }
  }
  return out;
}

/** The strokes in a form field, or null when the field is not a well-formed grid whose runs fill it exactly. */
export function parseBrushMask(text: string): BrushMask | null {
  if (text.length > MAX_BRUSH_FIELD_LENGTH) return null;
  const head = /^(\d{1,3})x(\d{1,3}):/.exec(text);
  if (!head) return null;
  const width = Number(head[1]);
  const height = Number(head[2]);
  if ([width, height].some((side) => side < MIN_GRID_SIDE || side > MAX_GRID_SIDE)) return null;
  const cells = new Uint8Array(width * height);
  const runs = /([1-9]\d{0,5})([.+-])/y;
  runs.lastIndex = head[0].length;
  let filled = 0;
  while (runs.lastIndex < text.length) {
    const match = runs.exec(text);
    if (!match) return null;
    const count = Number(match[1]);
    if (filled + count > cells.length) return null;
    cells.fill(SYMBOLS.indexOf(match[2] as (typeof SYMBOLS)[number]), filled, filled + count);
    filled += count;
  }
  return filled === cells.length ? { width, height, cells } : null;
}
