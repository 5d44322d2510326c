/**
 * Where a staging keeps its files: image-edits/{uid}/{attemptId}/, the input as stored and the
 * result. The folder is named by the attempt (which becomes the edit's id once it completes), so
 * the sweep that refunds an attempt whose request died can find and remove what it left.
 */
import { STORED_PHOTO_EXTS } from '../ports/images.js';

export function editFolder(uid: string, editId: string): string {
  return `image-edits/${uid}/${editId}`;
}

/** Where a staging result is stored; the edit id (a random UUID) makes the name unguessable. */
export function stagedOutputPath(uid: string, editId: string): string {
  return `${editFolder(uid, editId)}/staged.jpg`;
}

/** Every file an attempt can have stored: its input, in whichever format it was kept, and its result. */
export function attemptFiles(uid: string, attemptId: string): string[] {
  const folder = editFolder(uid, attemptId);
  return [...STORED_PHOTO_EXTS.map((ext) => `${folder}/input.${ext}`), stagedOutputPath(uid, attemptId)];
}
