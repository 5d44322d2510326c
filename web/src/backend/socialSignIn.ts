import {
  browserPopupRedirectResolver,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  linkWithPopup,
  linkWithRedirect,
  reauthenticateWithPopup,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
  TwitterAuthProvider,
  type Auth,
  type AuthCredential,
  type AuthProvider,
  type User,
} from 'firebase/auth';
import { errorCode, TAKEN } from './authErrors';
import type { SocialProvider } from './types';

/*
 * Sign-in with a provider's popup or redirect. Its resolver is the larger part of the Auth SDK and
 * only the sign-in and account pages use it, so this module loads on the first social sign-in
 * (firebaseAuthDriver.ts) or when a redirect sign-in comes back (firebaseApp.ts).
 */

export { browserPopupRedirectResolver };

const PROVIDER_CLASSES = {
  google: GoogleAuthProvider,
  facebook: FacebookAuthProvider,
  twitter: TwitterAuthProvider,
  github: GithubAuthProvider,
} as const;

/** The provider's credential a failed link carries, to sign in to the account that holds it. */
function credentialFromError(provider: SocialProvider, error: unknown): AuthCredential | null {
  return PROVIDER_CLASSES[provider].credentialFromError(
    error as Parameters<typeof GoogleAuthProvider.credentialFromError>[0],
  );
}

function providerFor(provider: SocialProvider): AuthProvider {
  return new PROVIDER_CLASSES[provider]();
}

/** A visitor signing in with a provider keeps their uid; a provider account that exists is signed in to instead. */
async function linkVisitor(auth: Auth, visitor: User, provider: SocialProvider): Promise<void> {
  try {
    await linkWithPopup(visitor, providerFor(provider), browserPopupRedirectResolver);
  } catch (error) {
    const credential = TAKEN.has(errorCode(error) ?? '') ? credentialFromError(provider, error) : null;
    if (!credential) throw error;
    await signInWithCredential(auth, credential);
  }
}

export async function signInWithProvider(auth: Auth, provider: SocialProvider): Promise<void> {
  const visitor = auth.currentUser?.isAnonymous ? auth.currentUser : null;
  try {
    if (!visitor) await signInWithPopup(auth, providerFor(provider), browserPopupRedirectResolver);
    else await linkVisitor(auth, visitor, provider);
  } catch (error) {
    // Browsers that block popups still get a working sign-in through a full-page redirect.
    if (errorCode(error) !== 'auth/popup-blocked') throw error;
    if (visitor) await linkWithRedirect(visitor, providerFor(provider), browserPopupRedirectResolver);
    else await signInWithRedirect(auth, providerFor(provider), browserPopupRedirectResolver);
  }
}

export async function reauthenticateWithProvider(user: User, provider: SocialProvider): Promise<void> {
  await reauthenticateWithPopup(user, providerFor(provider), browserPopupRedirectResolver);
}
