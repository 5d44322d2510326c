import { createRoute } from '@tanstack/react-router';
import { signedInRoute } from '../../app/signedInRoute';

/** The inbox: the signed-in user's conversations, as buyer and as seller (issue 25). */
export const inboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/messages',
}).lazy(() => import('./inbox.lazy').then((m) => m.Route));

/** One conversation, live; its own chunk beside the inbox's. */
export const conversationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/messages/$id',
}).lazy(() => import('./conversation.lazy').then((m) => m.Route));
