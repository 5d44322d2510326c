import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { rootRoute } from './app/rootRoute';
import { signedInRoute } from './app/signedInRoute';
import type { RouterContext } from './app/routerContext';
import { homeRoute } from './features/home/route';
import { listingRoute, marketplaceRoute } from './features/marketplace/route';
import { authRoutes } from './features/auth/routes';
import { pricingRoute, purchaseRoute } from './features/pricing/routes';
import { dashboardRoute } from './features/dashboard/route';
import { booksRoutes } from './features/books/route';
import { conversationRoute, inboxRoute } from './features/messages/route';
import { reportsRoute } from './features/moderation/route';
import { settingsIndexRoute, settingsRoute } from './features/settings/routes';
import { tipsRoute } from './features/tips/route';
import { legalIndexRoute, legalRoute } from './features/legal/routes';

/** The route tree: each feature owns its route definitions; this file only assembles them. */
const routeTree = rootRoute.addChildren([
  homeRoute,
  marketplaceRoute,
  listingRoute,
  ...authRoutes,
  pricingRoute,
  settingsIndexRoute,
  signedInRoute.addChildren([
    dashboardRoute,
    ...booksRoutes,
    purchaseRoute,
    settingsRoute,
    inboxRoute,
    conversationRoute,
    reportsRoute,
  ]),
  tipsRoute,
  legalIndexRoute,
  legalRoute,
]);

export function createAppRouter(options: { context: RouterContext; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    context: options.context,
    history: options.history,
    scrollRestoration: false,
  });
  // A toast belongs to the page it was raised on. Cleared before the next page renders, so a
  // toast that page raises as it opens survives; loaded on demand to keep it off the home route.
  router.subscribe('onBeforeNavigate', ({ pathChanged }) => {
    if (pathChanged) void import('./app/notify').then((notify) => notify.clearNotifications());
  });
  return router;
}

/**
 * Starts loading the code of the page the address names, beside React's first render: the router
 * itself asks for it only once it has mounted, a step later (the same promise serves both).
 */
export function startLoadingCurrentPage(router: ReturnType<typeof createAppRouter>): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  // A chunk that fails here fails again, and is reported, when the router asks for it.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
