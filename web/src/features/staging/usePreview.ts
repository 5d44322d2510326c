import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useBackend } from '../../backend/BackendContext';
import { useAuthStatus, useStartVisit, useVisitor } from '../../backend/session';
import { judgeAtom, markKey, previewingAtom } from './previewAtoms';
import { suggestedTypesAtom } from './lastChoice';
import { studioAtom } from './studioAtoms';
import { suggestType, type StudioImage } from './studioState';

/** A tap or box moved with the arrow keys settles before the engine is asked again; an upload or a brush stroke is asked at once. */
const MARK_SETTLE_MS = 350;

/**
 * Asks the engine about each photo when it is added and each time its mark changes (a tap, a box,
 * a brush stroke, "It is furniture: stage it"): the outline it would cut, whether it is furniture,
 * which type it looks like. Nothing is charged. A newer mark cancels the question still in flight
 * for an older one. The preview needs a token: a signed-out visitor's first photo starts their
 * anonymous session (the free tries, spec §6). When the server cannot answer, the studio works as before.
 */
export function usePreview(): void {
  const backend = useBackend();
  const store = useStore();
  const status = useAuthStatus();
  const visitor = useVisitor();
  const startVisit = useStartVisit();
  const identified = status === 'signedIn' || visitor !== null;
  const images = useAtomValue(studioAtom).images;
  // The mark each photo was (or is about to be) previewed with, so each mark is asked about once.
  const asked = useRef(new Map<string, { mark: string; subject: StudioImage['subject'] }>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<string, AbortController>());

  const ask = useCallback(
    async (id: string, mark: string) => {
      const image = store.get(studioAtom).images.find((img) => img.id === id);
      if (!image || markKey(image) !== mark) return;
      inFlight.current.get(id)?.abort();
      const controller = new AbortController();
      inFlight.current.set(id, controller);
      store.set(previewingAtom, (p) => ({ ...p, [id]: mark }));
      try {
        const { subject, strokes, confirmedFurniture } = image;
        const preview = await backend.staging.preview(
          image.file,
          { subject, strokes, confirmedFurniture },
          controller.signal,
        );
        const now = store.get(studioAtom).images.find((img) => img.id === id);
        // The seller changed the mark (or removed the photo) while the engine looked: this answer is for another mark.
        if (!now || markKey(now) !== mark) return;
        store.set(judgeAtom, id, {
          mark,
          verdict: preview.verdict,
          message: preview.message ?? null,
          outline: preview.outline,
        });
        const { suggestedType } = preview;
        store.set(suggestedTypesAtom, (suggested) => ({ ...suggested, [id]: suggestedType }));
        if (suggestedType) store.set(studioAtom, (s) => suggestType(s, id, suggestedType));
      } catch (error) {
        if (!controller.signal.aborted) console.warn('Staging preview unavailable', error);
      } finally {
        store.set(previewingAtom, (previewing) => {
          if (previewing[id] !== mark) return previewing;
          const { [id]: _done, ...rest } = previewing;
          return rest;
        });
      }
    },
    [backend, store],
  );

  useEffect(() => {
    if (status === 'signedOut' && !visitor && images.length > 0) void startVisit();
  }, [images.length, startVisit, status, visitor]);

  useEffect(() => {
    if (!identified) return;
    for (const image of images) {
      // Asked once the browser has the photo ready: the file being read is not yet what gets staged.
      if (image.preparing) continue;
      const mark = markKey(image);
      const before = asked.current.get(image.id);
      if (before?.mark === mark) continue;
      asked.current.set(image.id, { mark, subject: image.subject });
      clearTimeout(timers.current.get(image.id));
      // Only a moved tap or box waits (each move is a new hint): a stroke ended, or a confirmation, is asked about at once.
      const settle = before && image.subject && before.subject !== image.subject;
      timers.current.set(
        image.id,
        setTimeout(() => void ask(image.id, mark), settle ? MARK_SETTLE_MS : 0),
      );
    }
  }, [ask, images, identified]);

  useEffect(() => {
    const pending = timers.current;
    const seen = asked.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
      // Remounted (React's development double run), the photos are asked about again. A question in
      // flight is not cancelled: its answer still serves the studio's state, which outlives the page.
      seen.clear();
    };
  }, []);
}
