import { lazy, Suspense } from 'react';
import { BeforeAfterExamples } from './BeforeAfterExamples';
import { ClaimsBand } from './ClaimsBand';
import { CallToAction } from './CallToAction';

const Reviews = lazy(() => import('./Reviews').then((m) => ({ default: m.Reviews })));

/**
 * The home page after the studio. Its own chunk: nobody sees it before scrolling past the studio,
 * so it stays out of the home route's initial JS (HomePage.tsx). Reviews load later still, with
 * their avatars and stars.
 */
export default function BelowTheFold() {
  return (
    <>
      <BeforeAfterExamples />
      <ClaimsBand />
      <Suspense fallback={null}>
        <Reviews />
      </Suspense>
      <CallToAction />
    </>
  );
}
