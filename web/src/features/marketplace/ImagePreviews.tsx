import { useEffect, useState } from 'react';
import { Center, Image, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { isHeic, previewHeicInWorker } from '../staging/prepare/heicFiles';

const TILE_HEIGHT = 72;

type Preview = { file: File; url: string | null; failed: boolean };

/**
 * An object URL for one chosen file, made and revoked by the same effect. A URL made during render
 * and revoked by an effect's cleanup is dead once React runs the effect again (Strict Mode does on
 * every mount), and the picture falls back to its alt text. A HEIC is shown through the studio's
 * converter; the original file is still what gets listed (the server converts it).
 */
function useFilePreview(file: File): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const displayable = isHeic(file) ? previewHeicInWorker(file) : Promise.resolve(file);
    displayable.then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPreview({ file, url, failed: false });
      },
      (error: unknown) => {
        console.error('HEIC preview failed', file.name, error);
        if (live) setPreview({ file, url: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  // A preview made for the file shown before is already revoked.
  return preview?.file === file ? preview : null;
}

function FilePreview({ file, label }: { file: File; label: string }) {
  const preview = useFilePreview(file);
  if (preview?.url) return <Image src={preview.url} alt={label} h={TILE_HEIGHT} fit="cover" radius="sm" />;
  if (preview?.failed)
    return (
      <Center h={TILE_HEIGHT} bg="gray.1" p={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Text size="xs" ta="center" lineClamp={3}>
          {`${label} (no preview; it will still be listed)`}
        </Text>
      </Center>
    );
  return <Skeleton h={TILE_HEIGHT} radius="sm" aria-label={`Preparing ${label}`} role="img" />;
}

/** The images chosen in the item dialog, as they will be listed. */
export function ImagePreviews({ files }: { files: File[] }) {
  return (
    <SimpleGrid cols={4} spacing="xs">
      {files.map((file, i) => (
        <FilePreview
          key={`${i}:${file.name}:${file.size}:${file.lastModified}`}
          file={file}
          label={`Image ${i + 1}: ${file.name}`}
        />
      ))}
    </SimpleGrid>
  );
}
