/**
 * The moderator role (issue 40): the MODERATOR_CLAIM custom claim on a Firebase Auth account,
 * set beside the account's other claims. `npm run admin:grant` sets it through the Admin SDK, on
 * a Firebase project or on local mode's Auth emulator; the Identity port reads it back from the
 * account's record, and firestore.rules from the ID token.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { MODERATOR_CLAIM } from '@flipstage/core';

export class NoSuchAccount extends Error {
  constructor(readonly email: string) {
    super(`No account has the email ${email}`);
    this.name = 'NoSuchAccount';
  }
}

/** Grants (or, with false, takes away) the role of the account with this email. Throws NoSuchAccount. */
export async function setModerator(auth: Auth, email: string, moderator: boolean): Promise<UserRecord> {
  let user: UserRecord;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') throw new NoSuchAccount(email);
    throw error;
  }
  const { [MODERATOR_CLAIM]: _role, ...others } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, moderator ? { ...others, [MODERATOR_CLAIM]: true } : others);
  return user;
}
