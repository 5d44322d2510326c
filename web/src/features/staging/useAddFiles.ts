import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { addFilesAtom, type NewPhotos } from './studioAtoms';
import { track } from '../../analytics/track';
import { firstPreviewUrl } from './prepare/firstPreview';
import { preparePhoto } from './prepare/preparePhoto';
import { photoPreparedAtom, photoUnreadableAtom, unreadableFilesAtom } from './prepare/prepareAtoms';

const newPhotos: NewPhotos = { id: () => crypto.randomUUID(), previewUrl: firstPreviewUrl };

/**
 * Adds dropped or picked files to the strip at once and records the upload. Each photo is then
 * read in the browser (a HEIC decoded, a photo above the engine's size shrunk) while its card
 * says "Preparing…"; one the browser cannot read leaves the strip and is named.
 */
export function useAddFiles(): (files: readonly File[]) => void {
  const addFiles = useSetAtom(addFilesAtom);
  const prepared = useSetAtom(photoPreparedAtom);
  const unreadable = useSetAtom(photoUnreadableAtom);
  const setUnreadable = useSetAtom(unreadableFilesAtom);
  return useCallback(
    (files) => {
      setUnreadable([]);
      const added = addFiles(files, newPhotos);
      if (added.length > 0) track('image_upload', { category: 'staging', count: added.length });
      for (const { id, file } of added) {
        preparePhoto(file).then(
          (photo) => prepared(id, photo),
          (error: unknown) => {
            console.error('The browser could not read the photo', file.name, error);
            unreadable(id);
          },
        );
      }
    },
    [addFiles, prepared, unreadable, setUnreadable],
  );
}
