import { useCallback, useLayoutEffect, useRef } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from '@tanstack/react-router';
import {
  checkGenerateSelected,
  decideGenerateAll,
  isImageType,
  MESSAGES,
  type GenerateAllDecision,
  type StageRequestFields,
} from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useRecordCreditsRemaining } from '../../backend/session';
import { track } from '../../analytics/track';
import { promptSettingsAtom, runningAtom, studioAtom, studioMessageAtom } from './studioAtoms';
import {
  canTryAnotherRoom,
  inFlightImages,
  isPending,
  markFailed,
  markProcessed,
  markProcessing,
  markRetrying,
  markSent,
  nextVariant,
  pendingImages,
  selectedImage,
  stageRequestFor,
  type StageAttempt,
  type StudioImage,
  type StudioState,
} from './studioState';
import { stageFailureOf } from './failures';
import { useStudioSession } from './studioSession';
import {
  currentJudgement,
  editIdsAtom,
  heldBack,
  judgementsAtom,
  matchedWordsAtom,
  stageablePendingAtom,
} from './previewAtoms';
import { judgeRefusal } from './refusals';

/** Generate All stops before core's decision: nothing uploaded, or every photo left waits for the seller. */
interface StudioDecision {
  kind: 'no-images' | 'held-back';
  message: string;
}
const NO_IMAGES: StudioDecision = { kind: 'no-images', message: MESSAGES.uploadAtLeastOne };
const ALL_HELD_BACK: StudioDecision = {
  kind: 'held-back',
  message: 'The photos left wait for a marked piece or show no furniture: see each photo’s card.',
};

const HELD_BACK = {
  'needs-mark': (n: number) => `Mark the piece in image ${n} first: tap it or drag a box around it, then generate.`,
  'not-furniture': (n: number) => `Image ${n} does not show furniture, so it is not staged. No credit was used.`,
};

type Store = ReturnType<typeof useStore>;

/** The photo once the browser has finished preparing it (at once if it has), or null if it was removed meanwhile. */
export function whenPrepared(store: Store, id: string): Promise<StudioImage | null> {
  const find = (state: StudioState) => state.images.find((img) => img.id === id) ?? null;
  const now = find(store.get(studioAtom));
  if (!now?.preparing) return Promise.resolve(now);
  return new Promise((resolve) => {
    const unsubscribe = store.sub(studioAtom, () => {
      const image = find(store.get(studioAtom));
      if (image?.preparing) return;
      unsubscribe();
      resolve(image);
    });
  });
}

function sameRequest(a: StageRequestFields, b: StageRequestFields): boolean {
  return a.prompt === b.prompt && a.style === b.style && a.furnitureType === b.furnitureType && a.mode === b.mode;
}

/**
 * The attempt to send: a lost one again, with its key, when it asked for the same room (Retry after
 * no answer must not pay twice if the first went through); otherwise a new key.
 */
function attemptFor(image: StudioImage, request: StageRequestFields): StageAttempt {
  const variant = nextVariant(image);
  const lost = image.attempt;
  if (lost && lost.variant === variant && sameRequest(lost.request, request)) return lost;
  return { idempotencyKey: crypto.randomUUID(), variant, request };
}

/**
 * Generate Selected, Generate All (spec §4) and "Try another room": validation with core's rules,
 * one staging call per image with a fresh idempotency key per attempt, credits from the API's answer.
 */
export function useGeneration() {
  const session = useStudioSession();
  const store = useStore();
  const backend = useBackend();
  const recordCredits = useRecordCreditsRemaining();
  const navigate = useNavigate();
  // Async batches read the session as it is when each image finishes, not as it was at the click.
  const sessionRef = useRef(session);
  // A click while the balance loads (a visitor's session starting, the account refetching) waits
  // for it instead of being lost: the buttons stay enabled, so a click never lands on one that
  // turned disabled between the pointer going down and coming up.
  const waitingClicks = useRef<Array<() => void>>([]);
  useLayoutEffect(() => {
    sessionRef.current = session;
    if (!session.loading) for (const resume of waitingClicks.current.splice(0)) resume();
  }, [session]);
  const sessionSettled = useCallback(
    (): Promise<void> =>
      sessionRef.current.loading ? new Promise((resolve) => waitingClicks.current.push(resolve)) : Promise.resolve(),
    [],
  );

  const currentCredits = useCallback(() => sessionRef.current.credits, []);

  /** Sends one processing photo's request and records the answer on its card. */
  const send = useCallback(
    async (id: string, attempt: StageAttempt) => {
      // A photo dropped while still being read waits here: staging its half-read file would fail.
      const image = await whenPrepared(store, id);
      if (image?.status !== 'processing') return;
      const { request } = attempt;
      store.set(studioAtom, (s) => markSent(s, id, attempt));
      track('image_processing_started', { category: 'staging', style: request.style, mode: request.mode });
      try {
        // A busy backend is retried inside the call (core's retry policy), with this same key.
        const result = await backend.staging.stage({
          ...request,
          variant: attempt.variant,
          file: image.file,
          subject: image.subject,
          strokes: image.strokes,
          confirmedFurniture: image.confirmedFurniture,
          idempotencyKey: attempt.idempotencyKey,
          onRetry: () => store.set(studioAtom, (s) => markRetrying(s, id)),
        });
        store.set(studioAtom, (s) => markProcessed(s, id, result.outputUrl));
        store.set(editIdsAtom, (ids) => ({ ...ids, [result.outputUrl]: result.editId }));
        const { matched } = result;
        if (matched?.length) store.set(matchedWordsAtom, (words) => ({ ...words, [result.outputUrl]: matched }));
        recordCredits(result.creditsRemaining);
        track('image_processing_completed', { category: 'staging', style: request.style, mode: request.mode });
        track('credit_used', { category: 'staging', credits_used: 1, credits_remaining: result.creditsRemaining });
      } catch (error) {
        const failure = stageFailureOf(error);
        store.set(studioAtom, (s) => markFailed(s, id, failure));
        judgeRefusal(store, image, error);
        console.error(`Image processing failed: ${failure.message}`);
        track('image_processing_error', { category: 'staging', error_message: failure.message });
      }
    },
    [backend, recordCredits, store],
  );

  /** Runs the sends one after another while the progress bar shows the batch. */
  const sendAll = useCallback(
    async (attempts: ReadonlyMap<string, StageAttempt>) => {
      store.set(runningAtom, (n) => n + 1);
      try {
        for (const [id, attempt] of attempts) await send(id, attempt);
      } finally {
        store.set(runningAtom, (n) => n - 1);
      }
    },
    [send, store],
  );

  /**
   * Stages the photos one after another, each with its own style, type and prompt as they are at
   * the click: the photos are marked processing at once, which keeps their choices fixed until done.
   */
  const run = useCallback(
    async (images: readonly StudioImage[]) => {
      if (images.length === 0) return;
      const prompt = store.get(promptSettingsAtom);
      const attempts = new Map(images.map((img) => [img.id, attemptFor(img, stageRequestFor(img, prompt))]));
      store.set(studioAtom, (s) => markProcessing(s, [...attempts.keys()]));
      await sendAll(attempts);
    },
    [sendAll, store],
  );

  /**
   * After a reload restored the studio: each request that was sent and not answered is sent again
   * with its own key, so the server answers with the first result and never charges twice.
   */
  const resumeInFlight = useCallback(async () => {
    const attempts = new Map(inFlightImages(store.get(studioAtom)).map((img) => [img.id, img.attempt!]));
    if (attempts.size > 0) await sendAll(attempts);
  }, [sendAll, store]);

  /** The selected image once Generate's checks pass (spec §4, §5), else null with the user told why. */
  const checkedSelection = useCallback(async (): Promise<StudioImage | null> => {
    await sessionSettled();
    const credits = currentCredits();
    if (sessionRef.current.status === 'signedOut' && credits <= 0) {
      await navigate({ to: '/auth/$type', params: { type: 'signup' } });
      return null;
    }
    const state = store.get(studioAtom);
    const check = checkGenerateSelected({
      imageCount: state.images.length,
      selectedIndex: state.selectedIndex,
      credits,
    });
    if (!check.ok) {
      store.set(studioMessageAtom, check.message);
      return null;
    }
    const image = selectedImage(state);
    if (!image || !isImageType(image.file.type)) {
      store.set(studioMessageAtom, MESSAGES.selectedImageNotValid);
      return null;
    }
    // Staging would be refused: no request, so no charge for a ghost or a cat (the photo's card says why).
    const held = heldBack(currentJudgement(store.get(judgementsAtom), image), image);
    if (held) {
      store.set(studioMessageAtom, HELD_BACK[held](state.selectedIndex! + 1));
      return null;
    }
    store.set(studioMessageAtom, null);
    return image;
  }, [currentCredits, navigate, sessionSettled, store]);

  const generateSelected = useCallback(async () => {
    const image = await checkedSelection();
    if (image && isPending(image)) await run([image]);
  }, [checkedSelection, run]);

  /** Another room for the selected photo's result: the photo's own choice, the next variant, one credit. */
  const tryAnotherRoom = useCallback(async () => {
    const image = await checkedSelection();
    if (image && canTryAnotherRoom(image)) await run([image]);
  }, [checkedSelection, run]);

  /** Decides what Generate All does; a 'confirm' decision waits for confirmGenerateAll. */
  const requestGenerateAll = useCallback((): GenerateAllDecision | StudioDecision => {
    const state = store.get(studioAtom);
    const stageable = store.get(stageablePendingAtom).length;
    // Spec §5 "Generate needs an image": an empty strip is not a batch that is already done.
    const decision =
      state.images.length === 0
        ? NO_IMAGES
        : stageable === 0 && pendingImages(state).length > 0
          ? ALL_HELD_BACK
          : decideGenerateAll(stageable, currentCredits());
    store.set(studioMessageAtom, decision.kind === 'confirm' ? null : decision.message);
    return decision;
  }, [currentCredits, store]);

  const confirmGenerateAll = useCallback(() => run(store.get(stageablePendingAtom)), [run, store]);

  /** A failed photo's Retry: the same checks as Generate, then its lost attempt again, or a new one. */
  const retry = useCallback(
    async (id: string) => {
      const index = store.get(studioAtom).images.findIndex((img) => img.id === id);
      if (index < 0) return;
      store.set(studioAtom, (s) => ({ ...s, selectedIndex: index }));
      const image = await checkedSelection();
      if (image?.failure) await run([image]);
    },
    [checkedSelection, run, store],
  );

  return {
    generateSelected,
    requestGenerateAll,
    confirmGenerateAll,
    tryAnotherRoom,
    retry,
    resumeInFlight,
    sessionSettled,
  };
}
