import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { addFilesAtom } from './studioAtoms';
import { useStudioServices } from './studioServices';

/** Adds dropped or picked files to the strip and records the upload. */
export function useAddFiles(): (files: readonly File[]) => void {
  const addFiles = useSetAtom(addFilesAtom);
  const { createId, track } = useStudioServices();
  return useCallback(
    (files) => {
      const added = addFiles(files, createId);
      if (added > 0) track('image_upload', { category: 'staging', count: added });
    },
    [addFiles, createId, track],
  );
}
