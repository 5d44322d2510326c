/**
 * The Identity port: an ID token in, who signed in out (Firebase Auth or its emulator).
 */
import type { AuthIdentity } from '@flipstage/core';

/** Who signed in, and what the token proves about them (the sign-up credits depend on it). */
export interface VerifiedIdentity extends AuthIdentity {
  /** The token's email_verified claim: the person has shown they receive mail at `email`. */
  emailVerified: boolean;
  /** How this session signed in (the token's firebase.sign_in_provider): 'password', 'google.com', … */
  signInProvider: string | null;
  /**
   * The social accounts linked to this user, as `provider:account id` (the token's
   * firebase.identities, e.g. 'google.com:1098…'): the provider's own id outlives the Firebase user.
   */
  providerAccounts: readonly string[];
  /**
   * Whether this request came from the app, proven by App Check (true where App Check is off);
   * set by the API for the calls that look, absent where nobody asked.
   */
  appAttested?: boolean;
  /**
   * When the Auth account was made (ISO instant; null when Auth does not say): a report counts
   * toward hiding a listing only from an account at least a day old.
   */
  accountCreatedAt: string | null;
  /** The account holds the moderator custom claim (npm run admin:grant): it reviews reports. */
  moderator: boolean;
}

/** What the ID token alone says; the account's record adds the rest. */
export type TokenIdentity = Omit<VerifiedIdentity, 'accountCreatedAt' | 'moderator'>;

export interface Identity {
  /** Throws InvalidIdToken. */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /** Whether an enabled account has shown it receives mail at this address (its email is verified). */
  isVerifiedAddress(email: string): Promise<boolean>;
}

export class InvalidIdToken extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Invalid ID token', options);
    this.name = 'InvalidIdToken';
  }
}
