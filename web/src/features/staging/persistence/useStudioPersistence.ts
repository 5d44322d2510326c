import { useEffect } from 'react';
import { useStore } from 'jotai';
import { useGeneration } from '../useGeneration';

/**
 * Keeps the studio (photos, choices, results, the batch's prompt) in this browser per user, and
 * brings it back after a reload, resuming stagings that were in flight (README, "Your studio
 * stays in this browser").
 */
export function useStudioPersistence(): void {
  const store = useStore();
  const { resumeInFlight } = useGeneration();
  useEffect(() => {
    // Browsers without IndexedDB at all (and jsdom) run the studio as before, keeping nothing.
    if (!globalThis.indexedDB) return;
    // Loaded after the page: the home route's first JS stays within its budget.
    void import('./studioPersistence').then(({ persistenceFor }) => {
      persistenceFor(store).resume = resumeInFlight;
    });
  }, [store, resumeInFlight]);
}
