// Mantine's page-wide styles; each component's come with its code (vite-plugins/mantineStyles.ts).
import 'virtual:mantine-styles';
// The heading face ships with the build (no font service at run time); the body keeps the platform's UI font.
import './app/headingFont.css';
import './app/zodWithoutEval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createStore } from 'jotai';
import { AppProviders } from './app/AppProviders';
import { createAppQueryClient } from './app/queryClient';
import { createBackend } from './backend/createBackend';
import { createAppRouter, startLoadingCurrentPage } from './router';

// index.html's title, description and share tags are for clients that run no scripts; from here on
// every page renders its own (PageMeta), which would otherwise sit beside them.
for (const tag of document.head.querySelectorAll('[data-static-meta]')) tag.remove();

const backend = createBackend();
const store = createStore();
const router = createAppRouter({ context: { store } });
startLoadingCurrentPage(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders services={{ backend, store, queryClient: createAppQueryClient() }}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
