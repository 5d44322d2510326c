/**
 * The signed-in user's own image edits, newest first. An edit records the blob paths of its
 * files; their URLs are signed for the owner at each read and expire (docs/firebase.md, Security).
 */
import type { ImageEdit, StageResponse } from '@flipstage/core';
import { assertSafeBlobPath, type Blobs } from '../ports/blobs.js';
import type { StageResult } from '../ports/stages.js';
import type { Store } from '../ports/store.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';

/** Long enough to look at a result and download it; a link that leaks stops working within the hour. */
export const IMAGE_EDIT_URL_TTL_MS = 60 * 60 * 1000;

const EDIT_FOLDER = 'image-edits/';

function isSafePath(value: string): boolean {
  try {
    assertSafeBlobPath(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The blob path an edit's stored value names. Edits staged before paths were recorded hold the
 * URL they were served at (`…/blobs/image-edits/…` or `…/o/image-edits%2F…`), which names it too.
 */
export function editBlobPath(stored: string): string | null {
  if (isSafePath(stored)) return stored;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(stored).pathname);
  } catch {
    return null;
  }
  const path = pathname.slice(Math.max(pathname.indexOf(EDIT_FOLDER), 0));
  return path.startsWith(EDIT_FOLDER) && isSafePath(path) ? path : null;
}

/** A fresh signed URL for a stored value; one that names no path is handed back as it is. */
async function signedEditUrl(blobs: Blobs, stored: string): Promise<string> {
  const path = editBlobPath(stored);
  return path ? blobs.signedUrl(path, IMAGE_EDIT_URL_TTL_MS) : stored;
}

export async function withSignedUrls(blobs: Blobs, edit: ImageEdit): Promise<ImageEdit> {
  const [input, output] = await Promise.all([
    signedEditUrl(blobs, edit.input_image_url),
    signedEditUrl(blobs, edit.output_image_url),
  ]);
  return { ...edit, input_image_url: input, output_image_url: output };
}

/** A staging's answer: the result recorded under its Idempotency-Key, with URLs signed now. */
export async function stageResponse(
  blobs: Blobs,
  result: StageResult,
  creditsRemaining: number,
): Promise<StageResponse> {
  const [inputUrl, outputUrl] = await Promise.all([
    signedEditUrl(blobs, result.inputUrl),
    signedEditUrl(blobs, result.outputUrl),
  ]);
  return { editId: result.editId, inputUrl, outputUrl, creditsRemaining };
}

export async function listImageEdits(
  deps: { store: Store; blobs: Blobs },
  uid: string,
  cursor: string | undefined,
): Promise<{ data: ImageEdit[]; nextCursor: string | null }> {
  const page = await deps.store.listImageEdits(uid, decodeCursor(cursor), DEFAULT_PAGE_SIZE);
  return {
    data: await Promise.all(page.data.map((edit) => withSignedUrls(deps.blobs, edit))),
    nextCursor: encodeCursor(page.next),
  };
}

/** The caller's own edits among `ids`, in that order, signed: the stagings linked to a piece. */
export async function getImageEdits(
  deps: { store: Store; blobs: Blobs },
  uid: string,
  ids: readonly string[],
): Promise<ImageEdit[]> {
  const edits = await deps.store.getImageEdits(uid, [...new Set(ids)]);
  return Promise.all(edits.map((edit) => withSignedUrls(deps.blobs, edit)));
}
