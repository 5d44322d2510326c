import { Alert, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconTag } from '@tabler/icons-react';
import { downloadFileName } from '@flipstage/core';
import { useImageEditPages } from '../books/linkedStagings';
import { track } from '../../analytics/track';
import { ButtonLink } from '../../app/links';
import { useImageDownload } from '../../app/imageDownload';

/** The signed-in user's staged images, newest first, each with input and output, download and listing. */
export function ImageEditHistory() {
  // The same pages the piece page's Link stagings picks from, one query for both.
  const query = useImageEditPages(true);
  const downloads = useImageDownload();

  async function download(url: string, fileName: string) {
    if (await downloads.download(url, fileName)) {
      track('image_download', { category: 'dashboard', file_name: fileName });
    }
  }

  if (query.isPending) return <Text c="dimmed">Loading your staged images…</Text>;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  const edits = query.data.pages.flatMap((page) => page.data);
  if (edits.length === 0) {
    return <Text c="dimmed">Your staged images will appear here. Stage your first piece to get started.</Text>;
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {edits.map((edit, index) => {
          const fileName = downloadFileName(index + 1);
          return (
            <Card
              key={edit.id}
              withBorder
              padding="sm"
              radius="md"
              component="article"
              aria-label={`Staged image ${index + 1}`}
            >
              <Card.Section>
                <SimpleGrid cols={2} spacing={2}>
                  <Image src={edit.input_image_url} alt={`Original photo ${index + 1}`} h={160} fit="cover" />
                  <Image src={edit.output_image_url} alt={`Staged result ${index + 1}`} h={160} fit="cover" />
                </SimpleGrid>
              </Card.Section>
              <Stack gap="xs" mt="sm">
                <Text fz="sm" lineClamp={2} title={edit.background_style}>
                  {edit.background_style}
                </Text>
                <Text fz="xs" c="dimmed">
                  {new Date(edit.created_at).toLocaleString()}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="outline"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    aria-label={`Download ${fileName}`}
                    loading={downloads.pending === fileName}
                    onClick={() => void download(edit.output_image_url, fileName)}
                  >
                    Download
                  </Button>
                  <ButtonLink
                    to="/marketplace"
                    search={{ image: edit.output_image_url, edit: edit.id }}
                    size="xs"
                    variant="default"
                    leftSection={<IconTag size={14} aria-hidden />}
                  >
                    List on Marketplace
                  </ButtonLink>
                </Group>
                {downloads.failed?.fileName === fileName && (
                  <Text fz="sm" c="red" role="alert">
                    {downloads.failed.message}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
