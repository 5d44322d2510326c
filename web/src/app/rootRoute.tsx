import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '../features/notFound/NotFoundPage';
import { AppLayout } from './AppLayout';
import { RouteError } from './RouteError';
import type { RouterContext } from './routerContext';

/** Every route hangs off this one; feature routes import it as their parent. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
