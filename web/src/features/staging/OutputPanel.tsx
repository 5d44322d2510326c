import { useEffect, useRef, useState, type Ref } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  Box,
  Button,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingStore, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { downloadFileName, MESSAGES } from '@flipstage/core';
import { studioAtom } from './studioAtoms';
import { canTryAnotherRoom, processedImages, selectedImage, selectImage, type StudioImage } from './studioState';
import { track } from '../../analytics/track';
import { useStudioSession } from './studioSession';
import { CompareSlider } from './CompareSlider';
import { FeedbackPrompt } from './FeedbackPrompt';
import { resultShareDetails } from './share';
import { serverUrlOfAtom } from './persistence/roomUrls';
import { useGeneration } from './useGeneration';
import { VariationStrip } from './VariationStrip';
import { SubjectMarker } from './SubjectMarker';
import { PhotoCheck } from './PhotoCheck';
import { usePreview } from './usePreview';
import { editIdsAtom, matchedWordsAtom } from './previewAtoms';
import { useImageDownload } from '../../app/imageDownload';
import { ShareButton } from '../../app/ShareButton';
import classes from './OutputPanel.module.css';

function PreviewPanel({
  title,
  picture,
  children,
  footer,
  panelRef,
  label,
}: {
  title: string;
  /** The panel shows an image (rather than a spinner or a message) and may take its shape. */
  picture: boolean;
  children: React.ReactNode;
  /** Below the picture: what belongs to it without being cut to the panel's height. */
  footer?: React.ReactNode;
  /** Given, the panel is a named region the studio can move focus to. */
  panelRef?: Ref<HTMLDivElement>;
  label?: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      ref={panelRef}
      component={label ? 'section' : 'div'}
      aria-label={label}
      tabIndex={label ? -1 : undefined}
      className={label ? classes.focusTarget : undefined}
    >
      <Text fw={600} size="sm" mb={6}>
        {title}
      </Text>
      <div className={classes.preview} data-picture={picture || undefined}>
        {children}
      </div>
      {footer}
    </Paper>
  );
}

function ErrorText({ children }: { children: string }) {
  return (
    <Text c="red" ta="center" px="md" role="alert">
      {children}
    </Text>
  );
}

/** The top bar's height (NavBar.module.css): it stays over the page as it scrolls. */
const STICKY_HEADER_PX = 64;

/**
 * When the selected photo's staging finishes, brings its result into view (below the fold on a
 * phone) and moves focus to it, so a screen reader announces the result where it appeared.
 * Only the finish of a staging does this: selecting an already staged photo leaves the page alone.
 */
function useRevealResult(image: StudioImage | null) {
  const staged = useRef<HTMLDivElement>(null);
  const watched = useRef<{ id: string; status: StudioImage['status'] } | null>(null);
  const id = image?.id ?? null;
  const status = image?.status ?? null;
  const ready = image?.outputUrl != null;

  useEffect(() => {
    const before = watched.current;
    watched.current = id !== null && status !== null ? { id, status } : null;
    const finished = before?.id === id && before.status === 'processing' && status === 'processed';
    const panel = staged.current;
    if (!finished || !ready || !panel) return;
    // A result already wholly on screen stays put; otherwise its panel comes to the top, so the
    // picture, which may still be loading, grows into the screen rather than below it.
    const { top, bottom } = panel.getBoundingClientRect();
    if (top < STICKY_HEADER_PX || bottom > window.innerHeight) {
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      panel.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }
    panel.focus({ preventScroll: true });
  }, [id, status, ready]);

  return staged;
}

/**
 * Step 3: the selected image before and after, its actions, the rooms it was staged in and the
 * processed images (spec §2).
 */
export function OutputPanel() {
  // The engine's preview of each photo is asked for here, with the panel that shows its outline:
  // the panel is always mounted in the studio, and its code stays off the home route's first load.
  usePreview();
  const studio = useAtomValue(studioAtom);
  const setStudio = useSetAtom(studioAtom);
  const session = useStudioSession();
  const { tryAnotherRoom } = useGeneration();
  const navigate = useNavigate();
  const [brokenInputs, setBrokenInputs] = useState<ReadonlySet<string>>(new Set());
  const [brokenOutputs, setBrokenOutputs] = useState<ReadonlySet<string>>(new Set());
  const downloads = useImageDownload();
  const matchedWords = useAtomValue(matchedWordsAtom);
  const editIds = useAtomValue(editIdsAtom);
  // A room restored after a reload shows from the browser's copy; sharing and listing need the server's URL.
  const serverUrlOf = useAtomValue(serverUrlOfAtom);
  const image = selectedImage(studio);
  const processed = processedImages(studio);
  const stagedPanel = useRevealResult(image);
  if (!image || studio.selectedIndex === null) return null;

  const n = studio.selectedIndex + 1;
  const outputUrl = image.outputUrl;
  const matched = outputUrl !== null && image.status !== 'processing' ? matchedWords[outputUrl] : undefined;
  // Pictures are marked broken by URL: a prepared preview replacing a first one that failed shows again, and one room that fails leaves the others alone.
  const outputBroken = outputUrl !== null && brokenOutputs.has(outputUrl);
  const markBroken = (set: typeof setBrokenInputs, key: string) => set((keys) => new Set(keys).add(key));
  const shownFileName = downloadFileName(n, outputUrl ? image.variations.indexOf(outputUrl) + 1 : 1);
  // A failure stays with the photo it concerns: selecting another photo does not show it.
  const downloadFailure =
    downloads.failed && image.variations.some((_, i) => downloadFileName(n, i + 1) === downloads.failed?.fileName)
      ? downloads.failed.message
      : null;

  async function download(url: string, room: number) {
    const fileName = downloadFileName(n, room);
    if (await downloads.download(url, fileName)) {
      track('image_download', { category: 'staging', file_name: fileName });
    }
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PreviewPanel
          title="Original"
          picture={!brokenInputs.has(image.previewUrl)}
          footer={!brokenInputs.has(image.previewUrl) && <PhotoCheck image={image} />}
        >
          {brokenInputs.has(image.previewUrl) ? (
            <ErrorText>{MESSAGES.originalImageError}</ErrorText>
          ) : (
            <SubjectMarker image={image} n={n} onError={() => markBroken(setBrokenInputs, image.previewUrl)} />
          )}
        </PreviewPanel>
        <PreviewPanel
          title="Staged"
          panelRef={stagedPanel}
          label={`Staged result for image ${n}`}
          picture={image.status !== 'processing' && !outputBroken && outputUrl !== null}
          footer={
            matched &&
            matched.length > 0 && (
              <Text size="sm" c="dimmed" mt={6}>
                Matched: {matched.map((tag) => tag.replaceAll('-', ' ')).join(', ')}
              </Text>
            )
          }
        >
          {image.status === 'processing' ? (
            <Stack align="center" gap="xs">
              <Loader />
              {/* Live, so a screen reader hears that the wait is a busy server's, not a hang. */}
              <Text size="sm" c="dimmed" aria-live="polite">
                {image.retrying ? 'The server is busy, retrying…' : 'Staging your piece…'}
              </Text>
            </Stack>
          ) : outputBroken ? (
            <ErrorText>{MESSAGES.selectedImageDisplayError}</ErrorText>
          ) : outputUrl ? (
            <Image
              src={outputUrl}
              alt={`Staged image ${n}`}
              className={classes.picture}
              fit="contain"
              onError={() => markBroken(setBrokenOutputs, outputUrl)}
            />
          ) : (
            <Text c="dimmed" ta="center" px="md">
              Press Generate to stage this piece.
            </Text>
          )}
        </PreviewPanel>
      </SimpleGrid>

      {outputUrl && !outputBroken && (
        <>
          <Group gap="sm">
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={downloads.pending === shownFileName}
              onClick={() => void download(outputUrl, image.variations.indexOf(outputUrl) + 1)}
            >
              Download
            </Button>
            {/* Another room costs a credit like Generate, so it waits for the balance like Generate does. */}
            <Button
              variant="outline"
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={image.status === 'processing'}
              disabled={session.loading || !canTryAnotherRoom(image)}
              onClick={() => void tryAnotherRoom()}
            >
              Try another room
            </Button>
            <ShareButton details={resultShareDetails(serverUrlOf(outputUrl))} />
            <Button
              variant="outline"
              leftSection={<IconBuildingStore size={18} aria-hidden />}
              onClick={() =>
                void navigate({
                  to: '/marketplace',
                  search: { image: serverUrlOf(outputUrl), edit: editIds[outputUrl] },
                })
              }
            >
              List on Marketplace
            </Button>
          </Group>
          {downloadFailure && (
            <Text c="red" size="sm" role="alert">
              {downloadFailure}
            </Text>
          )}
          {image.variations.length > 1 && (
            <VariationStrip image={image} n={n} onDownload={(url, room) => void download(url, room)} />
          )}
          <Box>
            <Title order={3} size="h4" mb="xs">
              Before and after
            </Title>
            <CompareSlider
              beforeUrl={image.previewUrl}
              afterUrl={outputUrl}
              onError={() => markBroken(setBrokenOutputs, outputUrl)}
            />
          </Box>
        </>
      )}

      <FeedbackPrompt />

      {processed.length > 0 && (
        <Box>
          <Title order={3} size="h4" mb="xs">
            Processed images
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {processed.map((img) => {
              const index = studio.images.indexOf(img);
              return (
                <UnstyledButton
                  key={img.id}
                  aria-label={`Show staged image ${index + 1}`}
                  onClick={() => setStudio((s) => selectImage(s, index))}
                >
                  <Image src={img.outputUrl ?? undefined} alt="" radius="md" h={160} fit="cover" />
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}
