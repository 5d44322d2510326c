import { useState } from 'react';
import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { SITE_LABELS, type MarketplacePost, type SiteKit } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { PostedAtForm } from './PostedAtForm';
import { saveBlob } from './saveBlob';

function CopyField({ value, what, label }: { value: string; what: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="default"
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={copy}
          aria-label={`Copy the ${what} for ${label}`}
        >
          {copied ? 'Copied' : `Copy ${what}`}
        </Button>
      )}
    </CopyButton>
  );
}

/** A site's name makes some labels longer than a phone's width: they wrap instead of being cut. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', lineHeight: 1.3 },
} as const;

/** One site's kit: its title and description to copy, its photos to download, its posting page, and where it was posted. */
export function SiteKitCard(props: {
  itemId: string;
  kit: SiteKit;
  staged: readonly number[];
  post: MarketplacePost | undefined;
}) {
  const { itemId, kit, staged, post } = props;
  const { marketplacePosts } = useBackend();
  const label = SITE_LABELS[kit.site];
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (kit.unavailable) return <Alert color="gray">{kit.unavailable}</Alert>;

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveBlob(await marketplacePosts.kitPhotos(itemId, kit.site, staged), `flipstage-${kit.site}-photos.zip`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <TextInput
          readOnly
          label={`Title for ${label}`}
          description={`${[...kit.title].length} of ${kit.titleLimit} characters`}
          value={kit.title}
        />
        <Group>
          <CopyField value={kit.title} what="title" label={label} />
        </Group>
      </Stack>
      <Stack gap={4}>
        <Textarea
          readOnly
          autosize
          minRows={4}
          maxRows={12}
          label={`Description for ${label}`}
          value={kit.description}
        />
        <Group>
          <CopyField value={kit.description} what="description" label={label} />
        </Group>
      </Stack>
      <Group gap="sm">
        <Button
          variant="outline"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          disabled={kit.photoCount === 0}
          onClick={() => void download()}
          aria-label={`Download the photos for ${label} (ZIP)`}
          styles={WRAPPING}
        >
          Download photos ({kit.photoCount})
        </Button>
        <Button
          component="a"
          href={kit.postingUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          styles={WRAPPING}
        >
          Open {label}’s posting page
        </Button>
      </Group>
      {downloadError && (
        <Text size="sm" c="red" role="alert">
          {downloadError}
        </Text>
      )}
      <PostedAtForm key={post?.url ?? ''} itemId={itemId} site={kit.site} url={post?.url ?? null} />
      {post?.url && (
        <Anchor size="sm" href={post.url} target="_blank" rel="noopener noreferrer">
          Your post on {label}
        </Anchor>
      )}
    </Stack>
  );
}
