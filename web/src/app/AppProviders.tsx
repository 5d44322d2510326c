import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BackendProvider } from '../backend/BackendContext';
import { useSessionSync } from '../backend/session';
import type { AppStore } from '../backend/authState';
import type { Backend } from '../backend/types';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './Toasts.module.css';

export interface AppServices {
  backend: Backend;
  store: AppStore;
  queryClient: QueryClient;
}

/**
 * The toast container loads after the first paint (it brings its own transition library). Toasts
 * shown before it mounts wait in the notifications store and appear when it does.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Follows the auth provider outside the route tree, so route guards can wait for the first answer. */
function SessionSync() {
  useSessionSync();
  return null;
}

/** Everything a screen needs around it; tests pass a fake backend here. */
export function AppProviders({
  services,
  children,
  env,
}: {
  services: AppServices;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={1} classNames={{ root: toastClasses.toasts }} />
      </Suspense>
      <JotaiProvider store={services.store}>
        <QueryClientProvider client={services.queryClient}>
          <BackendProvider backend={services.backend}>
            <SessionSync />
            {children}
          </BackendProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
