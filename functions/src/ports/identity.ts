/**
 * The Identity port: an ID token in, who signed in out (Firebase Auth or its emulator).
 */
import type { AuthIdentity } from '@flipstage/core';

export interface Identity {
  /** Throws InvalidIdToken. */
  verifyIdToken(token: string): Promise<AuthIdentity>;
}

export class InvalidIdToken extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Invalid ID token', options);
    this.name = 'InvalidIdToken';
  }
}
