import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { rootRoute } from './app/rootRoute';
import type { RouterContext } from './app/routerContext';
import { homeRoute } from './features/home/route';
import { marketplaceRoute } from './features/marketplace/route';

/** The route tree: each feature owns its route definitions; this file only assembles them. */
const routeTree = rootRoute.addChildren([homeRoute, marketplaceRoute]);

export function createAppRouter(options: { context: RouterContext; history?: RouterHistory }) {
  return createRouter({ routeTree, context: options.context, history: options.history, scrollRestoration: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
