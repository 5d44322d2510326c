import { lazy, Suspense } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useAddFiles } from './useAddFiles';

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

/** Step 1: drop or pick furniture photos. Every file is passed on; core's filter keeps the images. */
export function UploadArea() {
  const addFiles = useAddFiles();
  return (
    <Suspense fallback={<UploadPlaceholder />}>
      <UploadDropzone onFiles={addFiles}>
        <UploadPrompt />
      </UploadDropzone>
    </Suspense>
  );
}
