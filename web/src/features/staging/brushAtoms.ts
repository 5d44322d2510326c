/**
 * The brush's controls (which tool, how big) and each photo's strokes to undo. The strokes
 * themselves live on the photo in the studio's state (and so in its records); the undo history
 * lasts as long as the page. Loaded with the photo's panel, not the home route.
 */
import { atom } from 'jotai';
import type { BrushMask } from '@flipstage/core';
import { studioAtom } from './studioAtoms';
import { setMark } from './studioState';
import { BRUSH_SIZES, type BrushTool } from './brushPainting';

/** What a press on the photo does while marking: tap or box the piece, or paint with the brush. */
export type MarkTool = 'mark' | BrushTool;

export const markToolAtom = atom<MarkTool>('mark');

/** The brush's radius, in grid cells. */
export const brushSizeAtom = atom<number>(BRUSH_SIZES.initial);

/** Each photo's strokes before each of its strokes, latest last. */
const strokeHistoryAtom = atom<Readonly<Record<string, ReadonlyArray<BrushMask | null>>>>({});

export const canUndoStrokeAtom = atom((get) => (id: string) => (get(strokeHistoryAtom)[id]?.length ?? 0) > 0);

function remember(
  history: Readonly<Record<string, ReadonlyArray<BrushMask | null>>>,
  id: string,
  before: BrushMask | null,
) {
  return { ...history, [id]: [...(history[id] ?? []), before] };
}

/**
 * A finished stroke (a pointer lifted, a key pressed), or with null Clear brush: the photo takes
 * the grid, and the one before can be brought back by Undo stroke.
 */
export const applyStrokesAtom = atom(null, (get, set, id: string, strokes: BrushMask | null) => {
  const before = get(studioAtom).images.find((img) => img.id === id);
  if (!before || before.status === 'processing') return;
  set(strokeHistoryAtom, remember(get(strokeHistoryAtom), id, before.strokes));
  set(studioAtom, setMark(get(studioAtom), id, { strokes }));
});

/** Back to the strokes before the last stroke (or before Clear brush). */
export const undoStrokeAtom = atom(null, (get, set, id: string) => {
  const stack = get(strokeHistoryAtom)[id] ?? [];
  if (stack.length === 0) return;
  const image = get(studioAtom).images.find((img) => img.id === id);
  if (!image || image.status === 'processing') return;
  set(strokeHistoryAtom, { ...get(strokeHistoryAtom), [id]: stack.slice(0, -1) });
  set(studioAtom, setMark(get(studioAtom), id, { strokes: stack[stack.length - 1] ?? null }));
});
