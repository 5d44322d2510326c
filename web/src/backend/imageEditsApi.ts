import { API_PATHS, type ImageEditsPage } from '@flipstage/core';
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
