import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { MESSAGES } from '@flipstage/core';
import { useAddFiles } from './useAddFiles';
import { studioMessageAtom } from './studioAtoms';
import { unreadableFilesAtom } from './prepare/prepareAtoms';

// The drop zone library loads after the page, keeping it out of the home route's first load.
const UploadDropzone = lazy(() => import('./UploadDropzone'));

function UploadPrompt() {
  return (
    <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
      <IconPhotoUp size={48} stroke={1.5} aria-hidden />
      <Stack gap={4}>
        <Text size="lg" fw={600}>
          Drag furniture photos here or click to choose files
        </Text>
        <Text size="sm" c="dimmed">
          Upload as many images as you like: JPG, PNG, WebP or HEIC.
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * Shown for the moment the drop zone takes to load. It has no file input of its own: a picker
 * swapped out mid-upload would drop the files, so the studio takes files only once it can keep them.
 */
function UploadPlaceholder() {
  return (
    <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }} aria-busy="true">
      <UploadPrompt />
    </Paper>
  );
}

function leftOut(names: readonly string[]): string {
  const list = names.join(', ');
  return names.length === 1
    ? `${list} could not be opened in this browser, so it was left out.`
    : `${list} could not be opened in this browser, so they were left out.`;
}

/**
 * What became of the files just dropped, right under the drop zone they were dropped on: none
 * were images, or some could not be read (each photo's own card says "Preparing…" meanwhile).
 */
function UploadStatus() {
  const unreadable = useAtomValue(unreadableFilesAtom);
  const message = useAtomValue(studioMessageAtom);
  return (
    <>
      {message === MESSAGES.noValidImages && (
        <Text size="sm" c="red" role="alert">
          {message}
        </Text>
      )}
      {unreadable.length > 0 && (
        <Text size="sm" c="red" role="alert">
          {MESSAGES.invalidImageSelected} {leftOut(unreadable)}
        </Text>
      )}
    </>
  );
}

/** Step 1: drop or pick furniture photos. Every file is passed on; core's filter keeps the images. */
export function UploadArea() {
  const addFiles = useAddFiles();
  return (
    <Stack gap={4}>
      <Suspense fallback={<UploadPlaceholder />}>
        <UploadDropzone onFiles={addFiles}>
          <UploadPrompt />
        </UploadDropzone>
      </Suspense>
      <UploadStatus />
    </Stack>
  );
}
