import type { useStore } from 'jotai';
import type { ApiErrorCode, PreviewVerdict } from '@flipstage/core';
import { judgeAtom, judgementsAtom, markKey } from './previewAtoms';
import type { StudioImage } from './studioState';

type Store = ReturnType<typeof useStore>;

const VERDICT_OF: Record<ApiErrorCode, Exclude<PreviewVerdict, 'ok'>> = {
  'unsure-subject': 'unsure',
  'not-furniture': 'not-furniture',
  'no-subject': 'no-subject',
};

/**
 * The refusal code a failed staging carries (ApiError's `code`), or undefined for any other failure.
 * Read against this module's own table: core's API_ERROR_CODES sits beside zod, off the home route.
 */
export function refusalCode(error: unknown): ApiErrorCode | undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && Object.hasOwn(VERDICT_OF, code) ? (code as ApiErrorCode) : undefined;
}

/**
 * A staging the engine refused (422, no credit used) becomes the photo's judgement, as if the
 * preview had said it: the card shows the message, and an unsure one turns marking on.
 */
export function judgeRefusal(store: Store, image: StudioImage, error: unknown): void {
  const code = refusalCode(error);
  if (!code || !(error instanceof Error)) return;
  store.set(judgeAtom, image.id, {
    mark: markKey(image),
    verdict: VERDICT_OF[code],
    message: error.message,
    // The outline the preview drew still shows what the engine cut out.
    outline: store.get(judgementsAtom)[image.id]?.outline ?? [],
  });
}
