import { Container, Stack } from '@mantine/core';
import { usePageMeta } from '../../app/usePageMeta';
import { StagingStudioWithServices } from '../staging/StagingStudioWithServices';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { BeforeAfterExamples } from './BeforeAfterExamples';
import { ClaimsBand } from './ClaimsBand';
import { Reviews } from './Reviews';
import { CallToAction } from './CallToAction';
import { STUDIO_ANCHOR_ID } from './studioAnchor';

export function HomePage() {
  usePageMeta({
    title: 'FlipStage',
    description:
      'Upload a furniture photo and get it back in a beautifully staged room in about 15 seconds. Flippers sell 42% faster.',
    path: '/',
  });
  return (
    <Container size="lg" py="xl">
      <Stack gap={64}>
        <Hero />
        <HowItWorks />
        <div id={STUDIO_ANCHOR_ID}>
          <StagingStudioWithServices />
        </div>
        <BeforeAfterExamples />
        <ClaimsBand />
        <Reviews />
        <CallToAction />
      </Stack>
    </Container>
  );
}
