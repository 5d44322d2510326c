import { lazy, Suspense } from 'react';
import { Container, Stack } from '@mantine/core';
import { PageMeta } from '../../app/PageMeta';
import { StagingStudio } from '../staging/StagingStudio';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { STUDIO_ANCHOR_ID } from './studioAnchor';

// Below the fold: loaded after the first paint to keep the home route's first load small.
const BelowTheFold = lazy(() => import('./BelowTheFold'));

export function HomePage() {
  return (
    <Container size="lg" py="xl">
      <PageMeta
        title="FlipStage"
        description="Upload a furniture photo and get it back in a beautifully staged room in about 15 seconds. Flippers sell 42% faster."
        path="/"
      />
      <Stack gap={64}>
        <Hero />
        <HowItWorks />
        <div id={STUDIO_ANCHOR_ID}>
          <StagingStudio />
        </div>
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      </Stack>
    </Container>
  );
}
