import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';
import { useAddFiles } from './useAddFiles';

/** Step 1: drop or pick furniture photos. Every file is passed on; core's filter keeps the images. */
export function UploadArea() {
  const addFiles = useAddFiles();
  return (
    <Dropzone onDrop={addFiles} multiple inputProps={{ 'aria-label': 'Upload furniture photos' }}>
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
    </Dropzone>
  );
}
