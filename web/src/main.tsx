import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createStore } from 'jotai';
import { AppProviders } from './app/AppProviders';
import { createAppQueryClient } from './app/queryClient';
import { createBackend } from './backend/createBackend';
import { createAppRouter } from './router';

const backend = await createBackend();
const store = createStore();
const router = createAppRouter({ context: { store } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders services={{ backend, store, queryClient: createAppQueryClient() }}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
