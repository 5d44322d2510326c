import { lazy, Suspense, useRef } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useAddFiles } from './useAddFiles';

// The drop zone library loads after the page; until then a plain picker does the same job.
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

function UploadPicker({ onFiles }: { onFiles: (files: File[]) => void }) {
  const reset = useRef<() => void>(null);
  return (
    <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
      <UploadPrompt />
      <Group justify="center">
        <FileButton
          multiple
          resetRef={reset}
          inputProps={{ 'aria-label': 'Upload furniture photos' }}
          onChange={(files) => {
            onFiles(files);
            reset.current?.();
          }}
        >
          {(props) => <Button {...props}>Choose photos</Button>}
        </FileButton>
      </Group>
    </Paper>
  );
}

/** Step 1: drop or pick furniture photos. Every file is passed on; core's filter keeps the images. */
export function UploadArea() {
  const addFiles = useAddFiles();
  return (
    <Suspense fallback={<UploadPicker onFiles={addFiles} />}>
      <UploadDropzone onFiles={addFiles}>
        <UploadPrompt />
      </UploadDropzone>
    </Suspense>
  );
}
