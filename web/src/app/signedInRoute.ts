import { createRoute, redirect } from '@tanstack/react-router';
import { whenAuthKnown } from '../backend/authState';
import { rootRoute } from './rootRoute';

/**
 * The pathless layout every protected page hangs off: signed-out visitors are sent to sign in,
 * keeping where they were going (spec §4).
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_signedIn',
  beforeLoad: async ({ context, location }) => {
    const state = await whenAuthKnown(context.store);
    if (state.status !== 'signedIn') {
      throw redirect({ to: '/auth/$type', params: { type: 'signin' }, search: { next: location.href } });
    }
    return { user: state.user };
  },
});
