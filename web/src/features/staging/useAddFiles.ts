import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { isImageType } from '@flipstage/core';
import { addConvertedFilesAtom, addFilesAtom, heicConvertingAtom, unreadableHeicAtom } from './studioAtoms';
import { track } from '../../analytics/track';
import { isHeic, previewHeicInWorker as previewHeic } from './heic/heicFiles';

const createId = () => crypto.randomUUID();

/**
 * Adds dropped or picked files to the strip and records the upload. A HEIC joins once its preview
 * is decoded, or is left out and named when the browser cannot decode it.
 */
export function useAddFiles(): (files: readonly File[]) => void {
  const addFiles = useSetAtom(addFilesAtom);
  const addConverted = useSetAtom(addConvertedFilesAtom);
  const setConverting = useSetAtom(heicConvertingAtom);
  const setUnreadable = useSetAtom(unreadableHeicAtom);
  return useCallback(
    (files) => {
      const heics = files.filter((file) => isImageType(file.type) && isHeic(file));
      const others = files.filter((file) => !heics.includes(file));
      setUnreadable([]);
      if (others.length > 0 || heics.length === 0) {
        const added = addFiles(others, createId);
        if (added > 0) track('image_upload', { category: 'staging', count: added });
      }
      if (heics.length === 0) return;
      setConverting((n) => n + heics.length);
      void Promise.all(
        heics.map((file) =>
          previewHeic(file).then(
            (preview) => ({ file, preview }),
            (error: unknown) => {
              console.error('HEIC preview failed', file.name, error);
              return { file, preview: null };
            },
          ),
        ),
      ).then((results) => {
        setConverting((n) => n - heics.length);
        const converted = results.flatMap(({ file, preview }) => (preview ? [{ file, preview }] : []));
        setUnreadable(results.filter((r) => !r.preview).map((r) => r.file.name));
        const added = addConverted(converted, createId);
        if (added > 0) track('image_upload', { category: 'staging', count: added });
      });
    },
    [addFiles, addConverted, setConverting, setUnreadable],
  );
}
