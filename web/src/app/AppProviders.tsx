import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BackendProvider } from '../backend/BackendContext';
import type { AppStore } from '../backend/authState';
import type { Backend } from '../backend/types';
import { theme } from './theme';

export interface AppServices {
  backend: Backend;
  store: AppStore;
  queryClient: QueryClient;
}

/** Everything a screen needs around it; tests pass a fake backend here. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <JotaiProvider store={services.store}>
        <QueryClientProvider client={services.queryClient}>
          <BackendProvider backend={services.backend}>{children}</BackendProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
