import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { AppProviders } from '../app/AppProviders';
import { createAppRouter } from '../router';
import { createHttpMarketplaceBackend, type MarketplaceBackend } from '../backend/marketplace';
import { MarketplaceBackendContext } from '../features/marketplace/marketplaceBackendContext';
import { createFakeBackend, type FakeBackend } from './fakeBackend';

/**
 * Renders the whole app at `path` against a fake backend (and a fake marketplace API where a test
 * gives one); returns the router to inspect the location.
 */
export function renderApp(
  path: string,
  backend: FakeBackend = createFakeBackend(),
  marketplace: MarketplaceBackend = createHttpMarketplaceBackend(),
) {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ context: { store }, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <AppProviders services={{ backend, store, queryClient }} env="test">
      <MarketplaceBackendContext.Provider value={marketplace}>
        <RouterProvider router={router} />
      </MarketplaceBackendContext.Provider>
    </AppProviders>,
  );
  return { ...result, router, backend, store, queryClient };
}
