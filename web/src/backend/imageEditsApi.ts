import { API_PATHS, type ImageEdit, type ImageEditsPage } from '@flipstage/core';
import type { ApiFetch } from './http';
import { contracts } from './contracts';

/**
 * The user's image edits, in both modes from the API: the files are private, and only the API
 * signs the short-lived URLs that show them (an edit's document holds the files' paths).
 */
export function fetchImageEdits(apiFetch: ApiFetch, cursor: string | null): Promise<ImageEditsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch(`${API_PATHS.imageEdits}${query}`, { schema: contracts.imageEditsPage });
}

/** The user's own edits among `ids`, in that order: a piece's linked stagings. */
export async function fetchImageEditsByIds(apiFetch: ApiFetch, ids: readonly string[]): Promise<ImageEdit[]> {
  if (ids.length === 0) return [];
  const query = `?ids=${ids.map(encodeURIComponent).join(',')}`;
  return (await apiFetch(`${API_PATHS.imageEdits}${query}`, { schema: contracts.imageEditsPage })).data;
}
