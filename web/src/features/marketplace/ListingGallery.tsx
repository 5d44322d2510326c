import { useState } from 'react';
import { Anchor, Center, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import classes from './ListingGallery.module.css';

/** A listing's photos at full size, one at a time, with its thumbnails to switch between them. */
export function ListingGallery({ title, images, thumbs }: { title: string; images: string[]; thumbs: string[] }) {
  const [chosen, setChosen] = useState(0);
  if (images.length === 0)
    return (
      <Center h={320} className={classes.photo} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text c="dimmed">No photos yet</Text>
      </Center>
    );
  // The owner may have saved fewer photos since one further along was chosen.
  const shown = Math.min(chosen, images.length - 1);
  const src = images[shown];
  return (
    <Stack gap="sm">
      <Image
        src={src}
        alt={`${title}, photo ${shown + 1} of ${images.length}`}
        w="100%"
        h="auto"
        mah="70vh"
        fit="contain"
        radius="md"
        className={classes.photo}
      />
      {images.length > 1 && (
        <Group gap="xs">
          {images.map((image, i) => (
            <UnstyledButton
              key={image}
              className={classes.thumb}
              aria-label={`Show photo ${i + 1}`}
              aria-pressed={i === shown}
              onClick={() => setChosen(i)}
            >
              <Image src={thumbs[i] ?? image} alt="" w={72} h={72} fit="cover" radius="sm" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      <Anchor href={src} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} component="span">
          <IconExternalLink size={14} aria-hidden />
          Open full-size photo
        </Group>
      </Anchor>
    </Stack>
  );
}
