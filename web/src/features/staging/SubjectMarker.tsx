import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Image, VisuallyHidden } from '@mantine/core';
import type { SubjectHint } from '@flipstage/core';
import { judgementsAtom, markingAtom, setMarkingAtom } from './previewAtoms';
import { studioAtom } from './studioAtoms';
import { setMark, type StudioImage } from './studioState';
import { hintAfterKey, hintFromDrag, isArrowKey, spotIn, type Spot } from './markGeometry';
import { markToolAtom, type MarkTool } from './brushAtoms';
import { BrushCursor, StrokesCanvas, useBrushPainting } from './BrushLayer';
import classes from './SubjectMarker.module.css';

/** The id of the marking instructions, which PhotoCheck shows below the photo. */
export const markingHelpId = (imageId: string) => `marking-help-${imageId}`;

function MarkShape({ hint, draft }: { hint: SubjectHint; draft?: boolean }) {
  const percent = (n: number) => `${n * 100}%`;
  if (hint.kind === 'point') {
    return <span className={classes.point} style={{ left: percent(hint.x), top: percent(hint.y) }} aria-hidden />;
  }
  return (
    <span
      className={classes.box}
      data-draft={draft || undefined}
      style={{ left: percent(hint.x), top: percent(hint.y), width: percent(hint.width), height: percent(hint.height) }}
      aria-hidden
    />
  );
}

/** The engine's cut-out drawn over the photo, so the seller sees what would be staged before paying. */
function Outline({ polygons }: { polygons: ReadonlyArray<ReadonlyArray<readonly [number, number]>> }) {
  return (
    <svg
      className={classes.overlay}
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      role="img"
      aria-label="Cut-out outline"
    >
      {polygons.map((polygon, i) => (
        <polygon key={i} className={classes.outline} points={polygon.map(([x, y]) => `${x},${y}`).join(' ')} />
      ))}
    </svg>
  );
}

const AREA_NAMES: Record<MarkTool, (n: number) => string> = {
  mark: (n) => `Mark the piece on photo ${n}`,
  erase: (n) => `Erase parts of photo ${n}`,
  restore: (n) => `Restore parts of photo ${n}`,
};

/**
 * The selected photo as uploaded, with the seller's brush strokes, the engine's outline and the
 * seller's mark over it. In marking mode a tap marks the piece and a drag boxes it, or with the
 * brush a drag erases or restores parts; the same layer takes the arrow keys.
 */
export function SubjectMarker({ image, n, onError }: { image: StudioImage; n: number; onError: () => void }) {
  const setStudio = useSetAtom(studioAtom);
  const setMarking = useSetAtom(setMarkingAtom);
  const marking = useAtomValue(markingAtom).has(image.id) && image.status !== 'processing';
  const outline = useAtomValue(judgementsAtom)[image.id]?.outline ?? [];
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: Spot; end: Spot } | null>(null);
  const tool = useAtomValue(markToolAtom);
  const brushTool = marking && tool !== 'mark' ? tool : null;
  const brush = useBrushPainting(image, frame, brushTool ?? 'restore');

  const mark = (hint: SubjectHint | null) => setStudio((s) => setMark(s, image.id, { subject: hint }));
  const spot = (event: PointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    return rect ? spotIn(rect, event.clientX, event.clientY) : { x: 0.5, y: 0.5 };
  };

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    // Keeps the drag when the finger leaves the photo; jsdom has no pointer capture.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = spot(event);
    setDrag({ start: at, end: at });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag) return;
    mark(hintFromDrag(drag.start, spot(event)));
    setDrag(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (brushTool) {
      // The brush's keys: arrows move its cursor, Space and Enter paint; Escape still leaves marking.
      if (brush.onKeyDown(event)) event.preventDefault();
      else if (event.key === 'Escape') setMarking(image.id, false);
    } else if (isArrowKey(event.key)) {
      event.preventDefault();
      mark(hintAfterKey(image.subject, event.key, event.shiftKey));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      mark(null);
    } else if (event.key === 'Escape') {
      setMarking(image.id, false);
    }
  }

  const draft = drag ? hintFromDrag(drag.start, drag.end) : null;
  return (
    <div ref={frame} className={classes.frame}>
      <Image src={image.previewUrl} alt={`Original photo ${n}`} className={classes.photo} onError={onError} />
      <StrokesCanvas strokes={brush.shown} version={brush.version} />
      {outline.length > 0 && <Outline polygons={outline} />}
      {draft ? <MarkShape hint={draft} draft /> : image.subject && <MarkShape hint={image.subject} />}
      {brushTool && brush.cursor && <BrushCursor at={brush.cursor} diameter={brush.diameter} tool={brushTool} />}
      {marking && (
        <div
          className={classes.capture}
          data-tool={tool}
          role="application"
          aria-roledescription={brushTool ? 'brush area' : 'marking area'}
          aria-label={AREA_NAMES[tool](n)}
          aria-describedby={markingHelpId(image.id)}
          tabIndex={0}
          {...(brushTool
            ? brush.handlers
            : {
                onPointerDown,
                onPointerMove: (event: PointerEvent<HTMLDivElement>) =>
                  drag && setDrag({ start: drag.start, end: spot(event) }),
                onPointerUp,
                onPointerCancel: () => setDrag(null),
              })}
          onKeyDown={onKeyDown}
        />
      )}
      <VisuallyHidden aria-live="polite">{brushTool ? brush.said : ''}</VisuallyHidden>
    </div>
  );
}
