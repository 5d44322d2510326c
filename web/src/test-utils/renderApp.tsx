import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { AppProviders } from '../app/AppProviders';
import { createAppRouter } from '../router';
import { createFakeBackend, type FakeBackend } from './fakeBackend';

/** Renders the whole app at `path` against a fake backend; returns the router to inspect the location. */
export function renderApp(path: string, backend: FakeBackend = createFakeBackend()) {
  const store = createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ context: { store }, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <AppProviders services={{ backend, store, queryClient }} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, backend, store, queryClient };
}
