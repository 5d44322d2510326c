/**
 * Who a sign-up grant belongs to: a person, not a user id. A person is known by the inbox their
 * verified email reaches and by the social accounts they sign in with, and each of these keys is
 * recorded with the grant where it outlives the account. So `me+1@gmail.com` and `m.e@gmail.com`
 * (one Gmail inbox), or a Google account that deletes its Firebase user and signs in again, get
 * the sign-up credits once.
 */
import type { VerifiedIdentity } from '../ports/identity.js';

/** Gmail delivers every dot and +tag variant of an address to one inbox, at either domain. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The inbox an address reaches: lower case; for Gmail, without dots or a +tag, at gmail.com. */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const [local, domain] = [lower.slice(0, at), lower.slice(at + 1)];
  if (!GMAIL_DOMAINS.has(domain)) return lower;
  return `${local.split('+')[0]!.replaceAll('.', '')}@gmail.com`;
}

/** The keys a sign-up grant is recorded under for this session's person. */
export function personKeys(identity: Pick<VerifiedIdentity, 'email' | 'providerAccounts'>): string[] {
  return [...(identity.email ? [`email:${normaliseEmail(identity.email)}`] : []), ...identity.providerAccounts];
}
