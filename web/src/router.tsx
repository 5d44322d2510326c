import { createRootRoute, createRouter, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from './features/notFound/NotFoundPage';

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const routeTree = rootRoute.addChildren([]);

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({ routeTree, ...options });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
