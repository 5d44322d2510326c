import { MESSAGES } from '@flipstage/core';

const FRIENDLY: Record<string, string> = {
  'auth/email-already-in-use': 'An account already exists with this email address. Try logging in instead.',
  // With email enumeration protection on, the provider cannot say which of the two was wrong.
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/wrong-password': 'That password is incorrect. Try again, or reset it with Forgot password?',
  'auth/user-not-found': 'The email or password is incorrect.',
  'auth/invalid-email': MESSAGES.emailInvalid,
  'auth/missing-email': MESSAGES.emailRequired,
  'auth/missing-password': MESSAGES.passwordRequired,
  'auth/weak-password': 'Please choose a stronger password of at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before sign-in finished.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before sign-in finished.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email address using a different sign-in method.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/expired-action-code': 'This link has expired. Please request a new one.',
  'auth/invalid-action-code': 'This link is invalid or has already been used. Please request a new one.',
  'auth/requires-recent-login': MESSAGES.reauthTitle,
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/user-mismatch': 'Please sign in again with the same account.',
  'auth/no-current-user': 'Open the link in your password reset email, or log in first, to choose a new password.',
};

export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function isRecentLoginRequired(error: unknown): boolean {
  return authErrorCode(error) === 'auth/requires-recent-login';
}

/** Auth provider errors in words a person can act on (spec §8: shown in the form and as an alert). */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code && FRIENDLY[code]) return FRIENDLY[code];
  if (error instanceof Error && error.message && !error.message.startsWith('Firebase:')) return error.message;
  // An unmapped provider code is still worth showing: it is what support needs to help.
  if (code) return `Sign-in failed (${code}). Please try again.`;
  return 'We could not complete that request. Please try again.';
}
