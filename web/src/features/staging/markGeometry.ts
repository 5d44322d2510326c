/**
 * The seller's mark as fractions of the photo on show: a drag makes a box, a tap (or a drag too
 * small to mean a box) a point, and the arrow keys move or resize it.
 */
import type { SubjectHint } from '@flipstage/core';

export interface Spot {
  x: number;
  y: number;
}

/** A drag shorter than this share of the photo on both sides is a tap; core refuses boxes under 2%. */
const MIN_DRAG = 0.03;
/** How far one arrow key press moves or resizes the mark. */
export const KEY_STEP = 0.02;
/** The box a keyboard user starts from: the middle half of the photo, where the piece usually stands. */
const KEYBOARD_START: SubjectHint = { kind: 'box', x: 0.25, y: 0.25, width: 0.5, height: 0.5 };

const clamp = (n: number, low = 0, high = 1) => Math.min(high, Math.max(low, n));

/** The spot under the pointer, in fractions of the photo's box on screen, kept inside the photo. */
export function spotIn(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Spot {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return { x: clamp((clientX - rect.left) / rect.width), y: clamp((clientY - rect.top) / rect.height) };
}

export function hintFromDrag(start: Spot, end: Spot): SubjectHint {
  const width = Math.abs(end.x - start.x);
  const height = Math.abs(end.y - start.y);
  if (width < MIN_DRAG || height < MIN_DRAG) return { kind: 'point', x: end.x, y: end.y };
  return { kind: 'box', x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width, height };
}

const ARROWS: Record<string, Spot> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export function isArrowKey(key: string): boolean {
  return key in ARROWS;
}

/**
 * The mark after an arrow key: with no mark yet, the starting box; otherwise moved by one step,
 * or with Shift a box's right or bottom edge moved (a point has no size to change).
 */
export function hintAfterKey(hint: SubjectHint | null, key: string, resize: boolean): SubjectHint | null {
  const arrow = ARROWS[key];
  if (!arrow) return hint;
  if (!hint) return KEYBOARD_START;
  const dx = arrow.x * KEY_STEP;
  const dy = arrow.y * KEY_STEP;
  if (hint.kind === 'point') return { kind: 'point', x: clamp(hint.x + dx), y: clamp(hint.y + dy) };
  if (resize) {
    return {
      ...hint,
      width: clamp(hint.width + dx, MIN_DRAG, 1 - hint.x),
      height: clamp(hint.height + dy, MIN_DRAG, 1 - hint.y),
    };
  }
  return { ...hint, x: clamp(hint.x + dx, 0, 1 - hint.width), y: clamp(hint.y + dy, 0, 1 - hint.height) };
}

/** Words for the mark, for screen readers and the card. */
export function describeHint(hint: SubjectHint): string {
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  return hint.kind === 'point'
    ? `Piece marked at ${percent(hint.x)} across, ${percent(hint.y)} down.`
    : `Piece marked with a box from ${percent(hint.x)} across, ${percent(hint.y)} down, ${percent(hint.width)} wide and ${percent(hint.height)} high.`;
}
