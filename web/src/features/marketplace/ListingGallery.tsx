import { useState } from 'react';
import { Anchor, Center, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { PhotoVariants } from '@flipstage/core';
import { GALLERY_PHOTO_SIZES, ListingPhoto } from './ListingPhoto';
import classes from './ListingGallery.module.css';

/**
 * A listing's photos one at a time, each at the narrowest stored copy that fills the column, with
 * its 128×128 thumbnails to switch between them and a link to the full-size photo.
 */
export function ListingGallery({
  title,
  images,
  thumbs,
  variants = [],
}: {
  title: string;
  images: string[];
  thumbs: string[];
  /** Parallel to images; empty for a listing stored before variants. */
  variants?: PhotoVariants[];
}) {
  const [chosen, setChosen] = useState(0);
  if (images.length === 0)
    return (
      <Center h={320} className={classes.photo} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text c="dimmed">No photos yet</Text>
      </Center>
    );
  // The owner may have saved fewer photos since one further along was chosen.
  const shown = Math.min(chosen, images.length - 1);
  const src = images[shown]!;
  return (
    <Stack gap="sm">
      <ListingPhoto
        // A new element per photo, so the browser never shows the last photo in the new one's box.
        key={src}
        src={src}
        variants={variants[shown]}
        alt={`${title}, photo ${shown + 1} of ${images.length}`}
        sizes={GALLERY_PHOTO_SIZES}
        shape="gallery"
        // The first photo is the page's largest picture: fetched before anything else.
        priority={shown === 0}
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
