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
  isPending,
  markFailed,
  markProcessed,
  markProcessing,
  markRetrying,
  nextVariant,
  pendingImages,
  selectedImage,
  stageRequestFor,
  type StudioImage,
} from './studioState';
import { useStudioSession } from './studioSession';
import { currentJudgement, heldBack, judgementsAtom, matchedWordsAtom, stageablePendingAtom } from './previewAtoms';
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

export function processingErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.unknownProcessingError;
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
  useLayoutEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const currentCredits = useCallback(() => sessionRef.current.credits, []);

  /**
   * Stages the photos one after another, each with its own style, type and prompt as they are at
   * the click: the photos are marked processing at once, which keeps their choices fixed until done.
   */
  const run = useCallback(
    async (images: readonly StudioImage[]) => {
      if (images.length === 0) return;
      const prompt = store.get(promptSettingsAtom);
      const requests = new Map<string, StageRequestFields>(images.map((img) => [img.id, stageRequestFor(img, prompt)]));
      store.set(studioAtom, (s) => markProcessing(s, [...requests.keys()]));
      store.set(runningAtom, (n) => n + 1);
      try {
        for (const [id, request] of requests) {
          const image = store.get(studioAtom).images.find((img) => img.id === id);
          if (!image) continue;
          track('image_processing_started', { category: 'staging', style: request.style, mode: request.mode });
          try {
            // A busy backend is retried inside the call (core's retry policy), with this same key.
            const result = await backend.staging.stage({
              ...request,
              variant: nextVariant(image),
              file: image.file,
              subject: image.subject ?? undefined,
              idempotencyKey: crypto.randomUUID(),
              onRetry: () => store.set(studioAtom, (s) => markRetrying(s, id)),
            });
            store.set(studioAtom, (s) => markProcessed(s, id, result.outputUrl));
            const { matched } = result;
            if (matched?.length) store.set(matchedWordsAtom, (words) => ({ ...words, [result.outputUrl]: matched }));
            recordCredits(result.creditsRemaining);
            track('image_processing_completed', { category: 'staging', style: request.style, mode: request.mode });
            track('credit_used', { category: 'staging', credits_used: 1, credits_remaining: result.creditsRemaining });
          } catch (error) {
            const message = processingErrorMessage(error);
            store.set(studioAtom, (s) => markFailed(s, id));
            judgeRefusal(store, image, error);
            console.error(`Image processing failed: ${message}`);
            track('image_processing_error', { category: 'staging', error_message: message });
          }
        }
      } finally {
        store.set(runningAtom, (n) => n - 1);
      }
    },
    [backend, recordCredits, store],
  );

  /** The selected image once Generate's checks pass (spec §4, §5), else null with the user told why. */
  const checkedSelection = useCallback(async (): Promise<StudioImage | null> => {
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
  }, [currentCredits, navigate, store]);

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

  return { generateSelected, requestGenerateAll, confirmGenerateAll, tryAnotherRoom };
}
