/** The client-facing merged user (spec §3, DESIGN §3). */
import type { AccountResponse, MergedUser } from './contracts/account.js';
import { planForPriceId, type PriceIdConfig } from './plans.js';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';
export const ACTIVE_STATUSES = ['active', 'trialing'] as const;

export interface UserProfile {
  name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

export interface CustomerRecord {
  creditsRemaining?: number | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionStatus?: string | null;
  stripePriceId?: string | null;
}

export interface AuthIdentity {
  uid: string;
  email?: string | null;
  displayName?: string | null;
  photoURL?: string | null;
  /** Provider ids as the auth provider reports them ('password', 'google.com', 'email', …). */
  providerIds?: readonly string[];
  /** The Firebase project that signed the user in (the ID token's aud), whose bucket may hold their avatar. */
  projectId?: string | null;
}

export function planIsActive(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

/**
 * HD output comes with an active plan that includes it (spec §6, DESIGN §6: Flipper or Premium).
 * A price id the configuration does not name gives no HD.
 */
export function hdAllowed(
  priceId: string | null | undefined,
  status: string | null | undefined,
  priceIds: PriceIdConfig,
): boolean {
  return planIsActive(status) && planForPriceId(priceId, priceIds)?.hd === true;
}

/**
 * "Post to marketplaces" (publishing to eBay, the other sites' listing kits) comes with an active
 * plan that sells it: Flipper or Premium (spec §9's features). Unknown price ids give none.
 */
export function marketplacesAllowed(
  priceId: string | null | undefined,
  status: string | null | undefined,
  priceIds: PriceIdConfig,
): boolean {
  return planIsActive(status) && planForPriceId(priceId, priceIds)?.marketplaces === true;
}

/** Spec §4: a missing status is treated as trial. */
export function isFreeTrial(status: string | null | undefined): boolean {
  return status === 'trialing' || status === null || status === undefined || status === '';
}

/** 'google.com' → 'google'; an email provider appears as password (spec §3). */
export function normalizeProvider(providerId: string): string {
  const id = providerId.replace(/\.com$/, '');
  return id === 'email' || id === 'emailLink' ? 'password' : id;
}

export function mergeUser(
  auth: AuthIdentity,
  profile: UserProfile | null,
  customer: CustomerRecord | null,
): MergedUser {
  const status = customer?.stripeSubscriptionStatus ?? null;
  // The sign-in's email is the account's (spec §3: from the auth provider); the profile's copy is
  // what it was at sign-up, stale after an email change.
  const email = auth.email || profile?.email || '';
  const providers = [...new Set((auth.providerIds ?? []).map(normalizeProvider))];
  return {
    uid: auth.uid,
    email,
    name: profile?.name || auth.displayName || email.split('@')[0] || '',
    avatar: profile?.avatar || auth.photoURL || DEFAULT_AVATAR_URL,
    providers: providers.length > 0 ? providers : ['password'],
    planId: customer?.stripePriceId ?? null,
    creditsRemaining: Math.max(0, customer?.creditsRemaining ?? 0),
    stripeCustomerId: customer?.stripeCustomerId ?? null,
    stripeSubscriptionStatus: status,
    planIsActive: planIsActive(status),
    isFreeTrial: isFreeTrial(status),
  };
}

/** The merged user as /api/account answers it: with what its plan gives (HD, marketplaces), which only the server can judge. */
export function accountResponse(user: MergedUser, priceIds: PriceIdConfig): AccountResponse {
  return {
    ...user,
    hdAllowed: hdAllowed(user.planId, user.stripeSubscriptionStatus, priceIds),
    marketplacesAllowed: marketplacesAllowed(user.planId, user.stripeSubscriptionStatus, priceIds),
  };
}
