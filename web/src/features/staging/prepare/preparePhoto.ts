/**
 * Before upload, every photo is read in the browser: a HEIC is decoded for its preview, and a photo
 * above what the engine uses (sizing.ts) is shrunk, upright, to a JPEG. The workers and the HEIC
 * decoder load with the first photo, never with the page.
 */
import { isHeic } from './heicFiles';
import { preparedName } from './sizing';

export interface PreparedPhoto {
  /** What gets staged: the file itself, or the shrunk JPEG. */
  file: File;
  /** A picture to show instead of the file's own, or null when the file itself shows. */
  preview: Blob | null;
}

/** Rejects when the browser cannot read the photo. */
export type PhotoPreparer = (file: File) => Promise<PreparedPhoto>;

const asFile = (original: File, jpeg: Blob) =>
  new File([jpeg], preparedName(original.name), { type: 'image/jpeg', lastModified: original.lastModified });

export const preparePhoto: PhotoPreparer = async (file) => {
  if (isHeic(file)) {
    const { preview, shrunk } = await (await import('./heicWorkerClient')).prepareHeic(file);
    return { file: shrunk ? asFile(file, shrunk) : file, preview };
  }
  const shrunk = await (await import('./prepareWorkerClient')).shrinkInWorker(file);
  return shrunk ? { file: asFile(file, shrunk), preview: shrunk } : { file, preview: null };
};
