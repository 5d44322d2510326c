/**
 * Which piece of a photo the seller means: a tap (a point) or a dragged box, in fractions of the
 * photo's oriented width and height (0–1), so the mark holds whatever size the upload is
 * shrunk to. Sent as the stage form's `subject` field: `point:x,y` or `box:x,y,w,h`.
 */
export type SubjectHint =
  { kind: 'point'; x: number; y: number } | { kind: 'box'; x: number; y: number; width: number; height: number };

/** A box smaller than this share of either side is a slip of the finger, not a piece. */
const MIN_BOX_SIDE = 0.02;

const fraction = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;
const round = (n: number) => String(Math.round(n * 10000) / 10000);

export function formatSubjectHint(hint: SubjectHint): string {
  return hint.kind === 'point'
    ? `point:${round(hint.x)},${round(hint.y)}`
    : `box:${[hint.x, hint.y, hint.width, hint.height].map(round).join(',')}`;
}

/** The hint in a form field, or null when the field is not a point or box inside the photo. */
export function parseSubjectHint(text: string): SubjectHint | null {
  const match = /^(point|box):([^:]+)$/.exec(text.trim());
  if (!match) return null;
  const parts = match[2]!.split(',').map((part) => (/^\s*\d*\.?\d+\s*$/.test(part) ? Number(part) : NaN));
  if (!parts.every(fraction)) return null;
  if (match[1] === 'point') {
    if (parts.length !== 2) return null;
    return { kind: 'point', x: parts[0]!, y: parts[1]! };
  }
  if (parts.length !== 4) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  if (width < MIN_BOX_SIDE || height < MIN_BOX_SIDE || x + width > 1.0001 || y + height > 1.0001) return null;
  return { kind: 'box', x, y, width, height };
}
