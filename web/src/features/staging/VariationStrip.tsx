import { useSetAtom } from 'jotai';
import { Box, Button, Group, Image, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { studioAtom } from './studioAtoms';
import { showVariation, type StudioImage } from './studioState';
import classes from './VariationStrip.module.css';

/**
 * Every room a photo was staged in ("Try another room"), side by side: picking one shows it in
 * the before/after view, and each downloads on its own.
 */
export function VariationStrip({
  image,
  n,
  onDownload,
}: {
  image: StudioImage;
  /** The photo's number in the strip, from 1. */
  n: number;
  onDownload: (url: string, room: number) => void;
}) {
  const setStudio = useSetAtom(studioAtom);
  const titleId = `rooms-title-${image.id}`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" mb="xs" id={titleId}>
        Rooms for image {n}
      </Title>
      <Group gap="md" role="list" aria-labelledby={titleId}>
        {image.variations.map((url, index) => {
          const room = index + 1;
          return (
            <Stack key={url} gap={4} align="center" role="listitem">
              <UnstyledButton
                className={classes.room}
                aria-label={`Show room ${room}`}
                aria-pressed={url === image.outputUrl}
                onClick={() => setStudio((s) => showVariation(s, image.id, url))}
              >
                <Image src={url} alt="" w={128} h={128} fit="cover" radius="sm" />
              </UnstyledButton>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconDownload size={14} aria-hidden />}
                aria-label={`Download room ${room}`}
                onClick={() => onDownload(url, room)}
              >
                Download
              </Button>
            </Stack>
          );
        })}
      </Group>
    </Box>
  );
}
