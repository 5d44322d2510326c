/** Accounts: the profile + customer pair behind the merged user (spec §3, DESIGN §3). */
import {
  hasControlCharacters,
  mergeUser,
  profileFormSchema,
  profilePatchSchema,
  firstIssueMessage,
  SIGNUP_CREDITS,
  type AuthIdentity,
  type MergedUser,
} from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { invalid, ServiceError } from './errors.js';
import { CREDIT_RULES } from './creditRules.js';
import { MESSAGES } from '@flipstage/core';

/**
 * The provider's name, email and photo as the profile's first values, each only if it passes the
 * profile's own rules: a display name is whatever the user typed at the provider, NUL included.
 */
function profileFromToken(identity: AuthIdentity) {
  const name = profileFormSchema.shape.name.safeParse(identity.displayName);
  const avatar = profilePatchSchema.shape.avatar.safeParse(identity.photoURL ?? undefined);
  const email = identity.email && !hasControlCharacters(identity.email) ? identity.email : null;
  return { name: name.success ? name.data : null, email, avatar: (avatar.success && avatar.data) || null };
}

/** Idempotent: creates the profile and customer once and grants the sign-up credits once. */
export async function createAccount(store: Store, identity: AuthIdentity): Promise<MergedUser> {
  const account = await store.ensureAccount(identity.uid, profileFromToken(identity), SIGNUP_CREDITS, CREDIT_RULES);
  return mergeUser(identity, account.profile, account.customer);
}

/** The merged user, or null when no account was created yet. */
export async function getMergedUser(
  store: Store,
  identity: AuthIdentity,
  mergeDbUser = true,
): Promise<MergedUser | null> {
  if (!mergeDbUser) return mergeUser(identity, null, null);
  const account = await store.getAccount(identity.uid);
  return account ? mergeUser(identity, account.profile, account.customer) : null;
}

export async function updateProfile(store: Store, identity: AuthIdentity, body: unknown): Promise<MergedUser> {
  const parsed = profilePatchSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  const account = await store.getAccount(identity.uid);
  if (!account) throw new ServiceError('not-found', MESSAGES.notFound);
  const profile = await store.updateProfile(identity.uid, parsed.data);
  return mergeUser(identity, profile, account.customer);
}
