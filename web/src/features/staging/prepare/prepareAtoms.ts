import { atom } from 'jotai';
import { removeImageAtom, studioAtom } from '../studioAtoms';
import { finishPreparing } from '../studioState';
import type { PreparedPhoto } from './preparePhoto';

/** Names of the files just added that the browser could not read: left out, named next to the upload area. */
export const unreadableFilesAtom = atom<string[]>([]);

/** The photo is read: it is staged as prepared and shows the prepared preview, if it has one. */
export const photoPreparedAtom = atom(null, (get, set, id: string, prepared: PreparedPhoto) => {
  const image = get(studioAtom).images.find((img) => img.id === id);
  // Removed while it was being read: nothing to show it on.
  if (!image) return;
  const previewUrl = prepared.preview ? URL.createObjectURL(prepared.preview) : image.previewUrl;
  if (previewUrl !== image.previewUrl) URL.revokeObjectURL(image.previewUrl);
  set(studioAtom, finishPreparing(get(studioAtom), id, prepared.file, previewUrl));
});

/** The browser could not read the photo: it leaves the strip before anything is sent, and is named. */
export const photoUnreadableAtom = atom(null, (get, set, id: string) => {
  const images = get(studioAtom).images;
  const index = images.findIndex((img) => img.id === id);
  if (index < 0) return;
  const { name } = images[index]!.file;
  set(removeImageAtom, index);
  set(unreadableFilesAtom, (names) => [...names, name]);
});
