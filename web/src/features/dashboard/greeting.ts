import type { AuthUser } from '../../backend/types';

/**
 * The SDK reports both times to the second, so the sign-up's own sign-in can read up to a second
 * after the creation; a later sign-in is a return.
 */
const SAME_SIGN_IN_MS = 1000;
/**
 * A session stays signed in for weeks, so an account that signed in only once can still be a
 * returning one: after a day it has been here before.
 */
const RETURNING_AFTER_MS = 24 * 60 * 60 * 1000;

/** "Welcome back" only for someone who has been here before; a brand-new account is just welcomed. */
export function dashboardGreeting(
  name: string,
  user: Pick<AuthUser, 'createdAt' | 'lastSignInAt'> | null,
  now: number,
): string {
  const created = user?.createdAt ?? null;
  const signedIn = user?.lastSignInAt ?? null;
  const returning =
    created !== null &&
    ((signedIn !== null && signedIn - created > SAME_SIGN_IN_MS) || now - created > RETURNING_AFTER_MS);
  return returning ? `Welcome back, ${name}.` : `Welcome to FlipStage, ${name}.`;
}
