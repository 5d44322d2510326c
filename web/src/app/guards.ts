import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { whenAuthKnown } from '../backend/authState';
import type { RouterContext } from './routerContext';

/** Protected screens send signed-out visitors to sign in, keeping where they were going (spec §4). */
export async function requireSignedIn({ context, location }: { context: RouterContext; location: ParsedLocation }) {
  const state = await whenAuthKnown(context.store);
  if (state.status !== 'signedIn') {
    throw redirect({ to: '/auth/$type', params: { type: 'signin' }, search: { next: location.href } });
  }
  return { user: state.user };
}
