import type { SocialProvider } from '../../backend/types';
import { SOCIAL_PROVIDERS } from '../../backend/types';

export type RememberedProvider = SocialProvider | 'password' | 'emailLink';

const LAST_PROVIDER_KEY = 'flipstage.lastAuthProvider';
const EMAIL_FOR_SIGN_IN_KEY = 'flipstage.emailForSignIn';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode); remembering is only a convenience.
  }
}

/** Spec §7: the last-used provider is stored locally and highlighted next time. */
export function rememberProvider(provider: RememberedProvider): void {
  write(LAST_PROVIDER_KEY, provider);
}

export function lastProvider(): RememberedProvider | null {
  const value = read(LAST_PROVIDER_KEY);
  const known: readonly string[] = [...SOCIAL_PROVIDERS, 'password', 'emailLink'];
  return value && known.includes(value) ? (value as RememberedProvider) : null;
}

/** The email-link flow needs the address again on return; keeping it saves the user retyping it. */
export function rememberEmailForSignIn(email: string | null): void {
  write(EMAIL_FOR_SIGN_IN_KEY, email);
}

export function emailForSignIn(): string | null {
  return read(EMAIL_FOR_SIGN_IN_KEY);
}
