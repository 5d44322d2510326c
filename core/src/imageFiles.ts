import { MESSAGES } from './messages.js';

/*
 * Upload rules without zod, so the staging studio's first load does not carry the schema library.
 */

export function isImageType(type: string | undefined | null): boolean {
  return typeof type === 'string' && type.toLowerCase().startsWith('image/');
}

export type ImageFilterResult<T> = { files: T[]; error: string | null };

/** Spec §5: only files whose type starts with image/ are kept; none valid → the message. */
export function filterImageFiles<T extends { type: string }>(files: readonly T[]): ImageFilterResult<T> {
  const kept = files.filter((f) => isImageType(f.type));
  return { files: kept, error: kept.length === 0 ? MESSAGES.noValidImages : null };
}
