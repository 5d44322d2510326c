import { lazy, Suspense } from 'react';
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { UploadArea } from './UploadArea';
import { ThumbnailStrip } from './ThumbnailStrip';
import { PromptPanel } from './PromptPanel';
import { GenerateControls } from './GenerateControls';
import { useStudioPersistence } from './persistence/useStudioPersistence';

// Results appear only after an upload, so their code (slider, feedback, downloads, and the engine's
// preview with the seller's marking and brush) loads after the page.
const OutputPanel = lazy(() => import('./OutputPanel').then((m) => ({ default: m.OutputPanel })));

/** The home staging tool (spec §2 "Home staging tool", §4 image and generate flows). */
export function StagingStudio() {
  useStudioPersistence();
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" component="section" aria-labelledby="studio-title">
      <Stack gap="lg">
        <div>
          <Title order={2} id="studio-title">
            Stage your furniture
          </Title>
          <Text c="dimmed">Upload photos, pick a style and press Generate. Each image uses 1 credit.</Text>
        </div>
        <UploadArea />
        <ThumbnailStrip />
        <Divider />
        <PromptPanel />
        <GenerateControls />
        <Suspense fallback={null}>
          <OutputPanel />
        </Suspense>
      </Stack>
    </Card>
  );
}
