import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Image } from '@mantine/core';
import type { SubjectHint } from '@flipstage/core';
import { judgementsAtom, markingAtom, setMarkingAtom } from './previewAtoms';
import { studioAtom } from './studioAtoms';
import { setSubject, type StudioImage } from './studioState';
import { hintAfterKey, hintFromDrag, isArrowKey, spotIn, type Spot } from './markGeometry';
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

/**
 * The selected photo as uploaded, with the engine's outline over it and the seller's mark. In
 * marking mode a tap marks the piece and a drag boxes it; the same layer takes the arrow keys.
 */
export function SubjectMarker({ image, n, onError }: { image: StudioImage; n: number; onError: () => void }) {
  const setStudio = useSetAtom(studioAtom);
  const setMarking = useSetAtom(setMarkingAtom);
  const marking = useAtomValue(markingAtom).has(image.id) && image.status !== 'processing';
  const outline = useAtomValue(judgementsAtom)[image.id]?.outline ?? [];
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: Spot; end: Spot } | null>(null);

  const mark = (hint: SubjectHint | null) => setStudio((s) => setSubject(s, image.id, hint));
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
    if (isArrowKey(event.key)) {
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
      {outline.length > 0 && <Outline polygons={outline} />}
      {draft ? <MarkShape hint={draft} draft /> : image.subject && <MarkShape hint={image.subject} />}
      {marking && (
        <div
          className={classes.capture}
          role="application"
          aria-roledescription="marking area"
          aria-label={`Mark the piece on photo ${n}`}
          aria-describedby={markingHelpId(image.id)}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={(event) => drag && setDrag({ start: drag.start, end: spot(event) })}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          onKeyDown={onKeyDown}
        />
      )}
    </div>
  );
}
