import { formatSubjectHint, parseSubjectHint, type SubjectHint } from '@flipstage/core';
import { usageError } from '../errors/exitCodes.js';
import { orientedSize } from './imageSize.js';

/**
 * The piece a manifest row marks, as written: fractions of the photo (what the API takes), or
 * pixels as an image editor's selection shows them, which need the photo's size to convert.
 */
export type ManifestMark =
  | { unit: 'fraction'; hint: SubjectHint }
  | { unit: 'px'; kind: SubjectHint['kind']; values: number[]; text: string; where: string };

export type MarkColumn = 'box' | 'point';

export const MARK_EXAMPLES = {
  box: '0.1,0.2,0.6,0.7 (fractions) or "120,80,900,700 px"',
  point: '0.5,0.6 (fractions) or "1200,900 px"',
} as const;

const SHAPES: Record<MarkColumn, string> = { box: 'x,y,width,height', point: 'x,y' };
const NUMBER = /^\d*\.?\d+$/;

/** Reads a `box` or `point` cell; refuses it, naming the line, unless it is a mark inside the photo. */
export function parseMark(column: MarkColumn, cell: string, where: string): ManifestMark {
  const text = cell.trim();
  const bad = (why: string) =>
    usageError(`${where}: ${column} "${text}" ${why}. Write ${SHAPES[column]}, e.g. ${MARK_EXAMPLES[column]}.`);
  const px = /\s*px$/i.exec(text);
  const parts = (px ? text.slice(0, px.index) : text).split(',').map((part) => part.trim());
  const count = column === 'box' ? 4 : 2;
  if (parts.length !== count) throw bad(`needs ${count} numbers`);
  if (parts.some((part) => part.startsWith('-'))) throw bad('has a negative value: count from the top-left corner');
  if (!parts.every((part) => NUMBER.test(part))) throw bad('holds something that is not a number');
  const values = parts.map(Number);
  if (px) {
    if (column === 'box' && (values[2] === 0 || values[3] === 0)) throw bad('has no width or height');
    return { unit: 'px', kind: column, values, text, where };
  }
  if (values.some((value) => value > 1)) throw bad('has a value above 1: add "px" after pixel values');
  return { unit: 'fraction', hint: checked(column, values, bad) };
}

/** Core's own check of the hint, so the CLI never sends what the server would refuse. */
function checked(column: MarkColumn, values: number[], bad: (why: string) => Error): SubjectHint {
  const [x = 0, y = 0, width = 0, height = 0] = values;
  if (column === 'box' && (x + width > 1.0001 || y + height > 1.0001)) throw bad('runs off the photo');
  const hint = parseSubjectHint(`${column}:${values.join(',')}`);
  if (!hint) throw bad('is too small to mark a piece');
  return hint;
}

/**
 * The hint sent for a photo. Pixels count on the photo as it is shown (turned upright by its
 * EXIF orientation), which is also how the API measures its fractions.
 */
export async function subjectHintFor(mark: ManifestMark, path: string): Promise<SubjectHint> {
  if (mark.unit === 'fraction') return mark.hint;
  const size = await orientedSize(path);
  const column = mark.kind;
  if (!size)
    throw usageError(
      `${mark.where}: ${column} "${mark.text}" is in pixels, but the size of ${path} cannot be read (pixels work for JPEG, PNG and WebP). Give it as fractions of the photo, e.g. ${MARK_EXAMPLES[column].split(' (')[0]}.`,
    );
  const [x = 0, y = 0, width = 0, height = 0] = mark.values;
  const outside =
    column === 'box' ? x + width > size.width || y + height > size.height : x > size.width || y > size.height;
  if (outside)
    throw usageError(
      `${mark.where}: ${column} "${mark.text}" runs off the photo, which is ${size.width}×${size.height} px as it is shown.`,
    );
  // Four decimals, as the form sends them: a tenth of a pixel on a 1,000-pixel side.
  const fraction = (value: number, side: number) => Math.round((value / side) * 10000) / 10000;
  const fractions =
    column === 'box'
      ? [fraction(x, size.width), fraction(y, size.height), fraction(width, size.width), fraction(height, size.height)]
      : [fraction(x, size.width), fraction(y, size.height)];
  return checked(column, fractions, (why) => usageError(`${mark.where}: ${column} "${mark.text}" ${why}.`));
}

/** How a plan line or the contact sheet names a mark: `box 0.1,0.2,0.6,0.7`. */
export function describeMark(hint: SubjectHint): string {
  return formatSubjectHint(hint).replace(':', ' ');
}
