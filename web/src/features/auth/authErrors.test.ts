import { describe, expect, it } from 'vitest';
import { authErrorMessage, isRecentLoginRequired } from './authErrors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it('explains a known provider code in plain words', () => {
    expect(authErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
      'An account already exists with this email address. Try logging in instead.',
    );
  });

  it('never shows the raw "Firebase: Error (…)" text', () => {
    expect(authErrorMessage(firebaseError('auth/some-new-code'))).toBe(
      'Sign-in failed (auth/some-new-code). Please try again.',
    );
  });

  it("keeps our own errors' messages", () => {
    expect(authErrorMessage(new Error('Please sign in to continue.'))).toBe('Please sign in to continue.');
  });

  it('recognises the recent-login requirement', () => {
    expect(isRecentLoginRequired(firebaseError('auth/requires-recent-login'))).toBe(true);
    expect(isRecentLoginRequired(firebaseError('auth/invalid-credential'))).toBe(false);
  });
});
