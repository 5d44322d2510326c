/**
 * The seller's brush, as grid maths: a stroke paints every cell of core's BrushMask whose centre
 * lies within the brush's radius of the path, with BRUSH_KEEP (Restore) or BRUSH_DROP (Erase).
 * Spots are fractions of the photo on show, as in markGeometry.ts. No DOM here.
 */
import { BRUSH_DROP, BRUSH_KEEP, brushGridSize, emptyBrushMask, type BrushCell, type BrushMask } from '@flipstage/core';
import type { Spot } from './markGeometry';

export type BrushTool = 'erase' | 'restore';

/** The brush's radius in grid cells: the size control's range and where it starts. */
export const BRUSH_SIZES = { min: 1, max: 16, initial: 5 } as const;
/** How far an arrow key moves the keyboard's brush cursor, in fractions of the photo. */
export const CURSOR_STEP = 0.025;

export const cellOf = (tool: BrushTool): BrushCell => (tool === 'restore' ? BRUSH_KEEP : BRUSH_DROP);

/**
 * The grid a first stroke paints into: the strokes so far, or a new one shaped like the photo
 * (its oriented size when the browser knows it, else its box on screen, which has its shape).
 */
export function gridFor(strokes: BrushMask | null, photo: { width: number; height: number }): BrushMask {
  if (strokes) return { ...strokes, cells: strokes.cells.slice() };
  const { width, height } = brushGridSize(photo.width, photo.height);
  return emptyBrushMask(width, height);
}

/** Paints a round dab of `radius` cells centred on `at`; returns whether any cell changed. */
export function paintDab(mask: BrushMask, at: Spot, radius: number, cell: BrushCell): boolean {
  const cx = at.x * mask.width;
  const cy = at.y * mask.height;
  const r = Math.max(0.5, radius);
  let changed = false;
  const top = Math.max(0, Math.floor(cy - r));
  const bottom = Math.min(mask.height - 1, Math.ceil(cy + r));
  const left = Math.max(0, Math.floor(cx - r));
  const right = Math.min(mask.width - 1, Math.ceil(cx + r));
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      if (dx * dx + dy * dy > r * r) continue;
      const i = y * mask.width + x;
      if (mask.cells[i] !== cell) {
        mask.cells[i] = cell;
        changed = true;
      }
    }
  }
  return changed;
}

/** Paints the path from `from` to `to` as dabs close enough to leave no gap, however fast the pointer moved. */
export function paintSegment(mask: BrushMask, from: Spot, to: Spot, radius: number, cell: BrushCell): boolean {
  const dx = (to.x - from.x) * mask.width;
  const dy = (to.y - from.y) * mask.height;
  const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / Math.max(0.5, radius / 2)));
  let changed = false;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    changed =
      paintDab(mask, { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, radius, cell) || changed;
  }
  return changed;
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** The keyboard's brush cursor after an arrow key: from the middle of the photo, one step at a time. */
export function cursorAfterKey(cursor: Spot | null, key: string, big: boolean): Spot {
  const at = cursor ?? { x: 0.5, y: 0.5 };
  const step = big ? CURSOR_STEP * 4 : CURSOR_STEP;
  const moves: Record<string, Spot> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  const move = cursor ? (moves[key] ?? { x: 0, y: 0 }) : { x: 0, y: 0 };
  return { x: clamp(at.x + move.x), y: clamp(at.y + move.y) };
}

/** How many cells are kept and dropped, for the card's words and the tests. */
export function countCells(mask: BrushMask | null): { keep: number; drop: number } {
  let keep = 0;
  let drop = 0;
  for (const cell of mask?.cells ?? []) {
    if (cell === BRUSH_KEEP) keep++;
    else if (cell === BRUSH_DROP) drop++;
  }
  return { keep, drop };
}

/** Keep cells translucent green, drop cells translucent red, as RGBA bytes for the canvas over the photo. */
export function strokePixels(mask: BrushMask): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(mask.cells.length * 4);
  mask.cells.forEach((cell, i) => {
    if (cell === BRUSH_KEEP) pixels.set([47, 158, 68, 120], i * 4);
    else if (cell === BRUSH_DROP) pixels.set([224, 49, 49, 120], i * 4);
  });
  return pixels;
}

/** Words for where the keyboard's brush is, for screen readers. */
export function describeCursor(at: Spot): string {
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  return `Brush at ${percent(at.x)} across, ${percent(at.y)} down.`;
}
