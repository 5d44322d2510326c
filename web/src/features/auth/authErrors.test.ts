import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { authErrorMessage, isRecentLoginRequired } from './authErrors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it('explains a known provider code in plain words', () => {
    expect(authErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
      'An account already exists with this email address. Try logging in instead.',
    );
  });

  it('says a wrong password is wrong when the provider can tell', () => {
    expect(authErrorMessage(firebaseError('auth/wrong-password'))).toBe(
      'That password is incorrect. Try again, or reset it with Forgot password?',
    );
  });

  it('names neither field when the provider cannot tell which was wrong', () => {
    expect(authErrorMessage(firebaseError('auth/invalid-credential'))).toBe('The email or password is incorrect.');
  });

  it("uses the spec's own words for a missing email or password", () => {
    expect(authErrorMessage(firebaseError('auth/missing-email'))).toBe(MESSAGES.emailRequired);
    expect(authErrorMessage(firebaseError('auth/missing-password'))).toBe(MESSAGES.passwordRequired);
  });

  it('never says only that something went wrong', () => {
    expect(authErrorMessage('no code, no message')).toBe('We could not complete that request. Please try again.');
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
