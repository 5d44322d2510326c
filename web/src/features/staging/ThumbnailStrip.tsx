import { useId, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExclamationMark, IconPlus, IconTrash } from '@tabler/icons-react';
import { findDesignStyle, findFurnitureType } from '@flipstage/core';
import { clearAllAtom, removeImageAtom, studioAtom } from './studioAtoms';
import { isPending, selectImage, type StudioImage } from './studioState';
import { currentJudgement, heldBack, judgementsAtom } from './previewAtoms';
import { useAddFiles } from './useAddFiles';
import classes from './ThumbnailStrip.module.css';

function Thumbnail({ image, index, selected }: { image: StudioImage; index: number; selected: boolean }) {
  const setStudio = useSetAtom(studioAtom);
  const removeImage = useSetAtom(removeImageAtom);
  const choiceId = useId();
  const n = index + 1;
  const judgements = useAtomValue(judgementsAtom);
  const failed = image.failure !== null && image.status !== 'processing';
  const held = isPending(image) && !failed ? heldBack(currentJudgement(judgements, image), image) : null;
  return (
    <Stack gap={4} w={104} align="center">
      <Box
        className={classes.thumb}
        data-status={image.status}
        data-failed={failed || undefined}
        data-selected={selected || undefined}
      >
        <UnstyledButton
          className={classes.select}
          aria-label={`Select image ${n}`}
          aria-describedby={choiceId}
          aria-pressed={selected}
          onClick={() => setStudio((s) => selectImage(s, index))}
        >
          <Image src={image.previewUrl} alt="" w={88} h={88} fit="cover" radius="sm" />
        </UnstyledButton>
        {image.preparing && (
          <Box className={classes.preparing}>
            <Loader size="xs" aria-hidden />
            <Text size="xs" fw={600}>
              Preparing…
            </Text>
            <VisuallyHidden>Image {n} is being prepared</VisuallyHidden>
          </Box>
        )}
        {image.status === 'processing' && !image.preparing && (
          <Box className={classes.badge}>
            <Loader size="sm" />
            <VisuallyHidden>
              Image {n} {image.retrying ? 'busy, retrying' : 'processing'}
            </VisuallyHidden>
          </Box>
        )}
        {failed && (
          <ThemeIcon color="red" radius="xl" size="sm" className={classes.badge}>
            <IconExclamationMark size={14} aria-hidden />
            <VisuallyHidden>Image {n} failed</VisuallyHidden>
          </ThemeIcon>
        )}
        {image.status === 'processed' && !failed && (
          <ThemeIcon color="green" radius="xl" size="sm" className={classes.badge}>
            <IconCheck size={14} aria-hidden />
            <VisuallyHidden>Image {n} processed</VisuallyHidden>
          </ThemeIcon>
        )}
        {/* Generate All passes these photos over: the strip shows which, the photo's card says why. */}
        {held && (
          <ThemeIcon color={held === 'needs-mark' ? 'yellow' : 'red'} radius="xl" size="sm" className={classes.badge}>
            <IconAlertTriangle size={14} aria-hidden />
            <VisuallyHidden>
              Image {n} {held === 'needs-mark' ? 'waits for the piece to be marked' : 'does not show furniture'}
            </VisuallyHidden>
          </ThemeIcon>
        )}
        <CloseButton
          size="sm"
          className={classes.remove}
          aria-label={`Remove image ${n}`}
          onClick={() => removeImage(index)}
        />
      </Box>
      {/* What this photo will be staged as, so a mixed batch can be checked at a glance. */}
      <Text id={choiceId} size="xs" ta="center" lh={1.25}>
        <Text span fw={600} inherit display="block">
          {findFurnitureType(image.choice.furnitureType)?.label}
        </Text>
        <Text span c="dimmed" inherit display="block">
          {findDesignStyle(image.choice.style)?.label}
        </Text>
      </Text>
    </Stack>
  );
}

/** The uploaded images: select, remove (×), Add More and Clear All (spec §2). */
export function ThumbnailStrip() {
  const studio = useAtomValue(studioAtom);
  const clearAll = useSetAtom(clearAllAtom);
  const addFiles = useAddFiles();
  const resetPicker = useRef<() => void>(null);
  if (studio.images.length === 0) return null;
  return (
    <Box>
      <Group gap="sm" align="flex-start" role="list" aria-label="Uploaded images" className={classes.strip}>
        {studio.images.map((image, index) => (
          <div role="listitem" key={image.id}>
            <Thumbnail image={image} index={index} selected={index === studio.selectedIndex} />
          </div>
        ))}
      </Group>
      <Group gap="sm" mt="sm">
        <FileButton
          multiple
          accept="image/*"
          resetRef={resetPicker}
          inputProps={{ 'aria-label': 'Add more furniture photos' }}
          onChange={(files) => {
            addFiles(files);
            resetPicker.current?.();
          }}
        >
          {(props) => (
            <Button variant="outline" leftSection={<IconPlus size={16} aria-hidden />} {...props}>
              Add More
            </Button>
          )}
        </FileButton>
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={clearAll}>
          Clear All
        </Button>
      </Group>
    </Box>
  );
}
