import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { brushGridSize, type BrushMask } from '@flipstage/core';
import { applyStrokesAtom, brushSizeAtom } from './brushAtoms';
import {
  cellOf,
  cursorAfterKey,
  describeCursor,
  gridFor,
  paintDab,
  paintSegment,
  strokePixels,
  type BrushTool,
} from './brushPainting';
import { isArrowKey, spotIn, type Spot } from './markGeometry';
import type { StudioImage } from './studioState';
import classes from './SubjectMarker.module.css';

/** The painted cells over the photo, under the outline: keep in green, drop in red. */
export function StrokesCanvas({ strokes, version }: { strokes: BrushMask | null; version: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = strokes ? canvas.current?.getContext('2d') : null;
    if (!strokes || !context) return;
    context.putImageData(new ImageData(strokePixels(strokes), strokes.width, strokes.height), 0, 0);
  }, [strokes, version]);
  if (!strokes) return null;
  return <canvas ref={canvas} className={classes.strokes} width={strokes.width} height={strokes.height} aria-hidden />;
}

/** The brush's ring: where the pointer or the keyboard's cursor would paint, at the brush's size. */
export function BrushCursor({ at, diameter, tool }: { at: Spot; diameter: number; tool: BrushTool }) {
  const percent = (n: number) => `${n * 100}%`;
  return (
    <span
      className={classes.brushCursor}
      data-tool={tool}
      style={{ left: percent(at.x), top: percent(at.y), width: percent(diameter), aspectRatio: '1' }}
      aria-hidden
    />
  );
}

/**
 * Painting on the photo with the brush: a press paints, a drag paints along its path, and the
 * stroke goes to the photo (and so to the preview) when the pointer is lifted. For the keyboard,
 * the arrow keys move a cursor (Shift for bigger steps) and Space or Enter paints there.
 */
export function useBrushPainting(image: StudioImage, frame: RefObject<HTMLDivElement | null>, tool: BrushTool) {
  const radius = useAtomValue(brushSizeAtom);
  const applyStrokes = useSetAtom(applyStrokesAtom);
  const [draft, setDraft] = useState<{ mask: BrushMask; last: Spot; changed: boolean } | null>(null);
  const [version, setVersion] = useState(0);
  const [cursor, setCursor] = useState<Spot | null>(null);
  const [said, setSaid] = useState('');

  const photoSize = () => {
    const img = frame.current?.querySelector('img');
    if (img && img.naturalWidth > 0) return { width: img.naturalWidth, height: img.naturalHeight };
    const rect = frame.current?.getBoundingClientRect();
    return { width: rect?.width ?? 1, height: rect?.height ?? 1 };
  };
  const grid = image.strokes ?? brushGridSize(photoSize().width, photoSize().height);
  const spot = (event: PointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    return rect ? spotIn(rect, event.clientX, event.clientY) : { x: 0.5, y: 0.5 };
  };
  const cell = cellOf(tool);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = spot(event);
    const mask = gridFor(image.strokes, photoSize());
    const changed = paintDab(mask, at, radius, cell);
    setDraft({ mask, last: at, changed });
    setCursor(at);
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const at = spot(event);
    if (event.pointerType !== 'touch') setCursor(at);
    if (!draft) return;
    const changed = paintSegment(draft.mask, draft.last, at, radius, cell);
    setDraft({ ...draft, last: at, changed: draft.changed || changed });
    setVersion((v) => v + 1);
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    if (!draft) return;
    const changed = paintSegment(draft.mask, draft.last, spot(event), radius, cell) || draft.changed;
    setDraft(null);
    if (changed) applyStrokes(image.id, draft.mask);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>): boolean {
    if (isArrowKey(event.key)) {
      const at = cursorAfterKey(cursor, event.key, event.shiftKey);
      setCursor(at);
      setSaid(describeCursor(at));
      return true;
    }
    if (event.key !== ' ' && event.key !== 'Enter') return false;
    const at = cursor ?? cursorAfterKey(null, event.key, false);
    const mask = gridFor(image.strokes, photoSize());
    if (paintDab(mask, at, radius, cell)) applyStrokes(image.id, mask);
    setCursor(at);
    setSaid(`${tool === 'erase' ? 'Erased' : 'Restored'} at ${describeCursor(at).replace(/^Brush at /, '')}`);
    return true;
  }

  return {
    /** The grid on show: the stroke being painted, else the photo's strokes. */
    shown: draft?.mask ?? image.strokes,
    version,
    cursor,
    /** The ring's width as a share of the photo's. */
    diameter: (2 * radius) / grid.width,
    said,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: () => setDraft(null),
      onPointerLeave: (event: PointerEvent<HTMLElement>) => !draft && event.pointerType !== 'touch' && setCursor(null),
    },
    onKeyDown,
  };
}
