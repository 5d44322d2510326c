/** Accounts: the profile + customer pair behind the merged user (spec §3, DESIGN §3). */
import {
  hasControlCharacters,
  mergeUser,
  profileFormSchema,
  profilePatchSchema,
  firstIssueMessage,
  SIGNUP_CREDITS,
  TRIAL_CREDITS,
  type AuthIdentity,
  type MergedUser,
} from '@flipstage/core';
import type { Account, Store } from '../ports/store.js';
import type { LedgerRules } from '../ports/ledger.js';
import type { VerifiedIdentity } from '../ports/identity.js';
import type { AppConfig } from '../config.js';
import { invalid, ServiceError } from './errors.js';
import { CREDIT_RULES } from './creditRules.js';
import { withholdSignupGrant } from './credits.js';
import { personKeys } from './signupPerson.js';
import { MESSAGES } from '@flipstage/core';

export interface AccountDeps {
  store: Store;
  config: Pick<AppConfig, 'signupCreditsNeedVerifiedEmail' | 'mergeDbUser'>;
}

/** The merged user, and whether its sign-up credits still wait for a verified email. */
export interface AccountView {
  user: MergedUser;
  /** Undefined when the answer comes from the token alone (MERGE_DB_USER=false). */
  signupCreditsPending?: boolean;
}

/** Sign-in providers that vouch for the person: a social account is not free to make by the thousand. */
const VOUCHING_PROVIDERS: ReadonlySet<string> = new Set(['google.com', 'facebook.com', 'twitter.com', 'github.com']);

/**
 * Whether this session may receive the sign-up credits now: a verified email (a password account
 * after the verification mail, or an email-link sign-in, whose token says so), or a social sign-in,
 * asked for from the app (App Check): a script with verified throwaway addresses gets nothing.
 */
export function signupCreditsDue(identity: VerifiedIdentity, config: AccountDeps['config']): boolean {
  if (isVisitor(identity)) return false;
  if (!config.signupCreditsNeedVerifiedEmail) return true;
  if (identity.appAttested === false) return false;
  return identity.emailVerified || VOUCHING_PROVIDERS.has(identity.signInProvider ?? '');
}

/** A signed-out visitor: an anonymous Firebase Auth user, made by the studio for the free tries (spec §6). */
export function isVisitor(identity: VerifiedIdentity): boolean {
  return identity.signInProvider === 'anonymous';
}

/**
 * A signed-in person as FlipStage lets them reach others (issue 40: reports, conversations, offers,
 * listings): a visitor's anonymous session, an address not yet verified where the deployment
 * verifies addresses (Firebase mode), or a verified person. Local mode serves one person with no
 * inbox to confirm, so there a signed-up account counts as verified.
 */
export type PersonStanding = 'visitor' | 'unverified' | 'verified';

export function personStanding(identity: VerifiedIdentity, needVerifiedEmail: boolean): PersonStanding {
  if (isVisitor(identity)) return 'visitor';
  return needVerifiedEmail && !identity.emailVerified ? 'unverified' : 'verified';
}

/** Where a visitor's free tries are counted: the caller's network, and how many it may have a day. */
export interface TrialAllowance {
  address: string | null;
  perAddressPerDay: number | null;
}

const WITHHOLD_SIGNUP: LedgerRules = { ...CREDIT_RULES, signup: withholdSignupGrant };

/**
 * The provider's name, email and photo as the profile's first values, each only if it passes the
 * profile's own rules: a display name is whatever the user typed at the provider, NUL included.
 */
function profileFromToken(identity: AuthIdentity) {
  const name = profileFormSchema.shape.name.safeParse(identity.displayName);
  const avatar = profilePatchSchema(identity).shape.avatar.safeParse(identity.photoURL ?? undefined);
  const email = identity.email && !hasControlCharacters(identity.email) ? identity.email : null;
  return { name: name.success ? name.data : null, email, avatar: (avatar.success && avatar.data) || null };
}

function viewOf(identity: AuthIdentity, account: Account): AccountView {
  return {
    user: mergeUser(identity, account.profile, account.customer),
    signupCreditsPending: account.customer.signupGrantedAt === null,
  };
}

/**
 * Idempotent: creates the profile and customer once, and grants the sign-up credits once, as soon
 * as the session is verified (signupCreditsDue); until then the account holds no sign-up credits.
 */
export async function ensureAccount(deps: AccountDeps, identity: VerifiedIdentity): Promise<Account> {
  const { store } = deps;
  const existing = await store.getAccount(identity.uid);
  // A visitor who signed up keeps the uid: the free tries end before the sign-up credits arrive.
  if (existing && existing.customer.signupGrantedAt === null && !isVisitor(identity))
    await store.endTrial(identity.uid, CREDIT_RULES);
  const rules = signupCreditsDue(identity, deps.config) ? CREDIT_RULES : WITHHOLD_SIGNUP;
  return store.ensureAccount(identity.uid, profileFromToken(identity), SIGNUP_CREDITS, rules, personKeys(identity));
}

/** The UTC day a trial is counted under. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A visitor's account with its free tries, once, when the request came from the app (App Check)
 * and its network has trials left today; otherwise the account holds none and the studio offers
 * the sign-up credits.
 */
async function ensureVisitorAccount(
  deps: AccountDeps,
  identity: VerifiedIdentity,
  allowance: TrialAllowance,
): Promise<Account> {
  const account = await ensureAccount(deps, identity);
  if (identity.appAttested === false) return account;
  const grant = await deps.store.grantTrial(
    { uid: identity.uid, credits: TRIAL_CREDITS, day: utcDay(new Date()), ...allowance },
    CREDIT_RULES,
  );
  return { ...account, customer: { ...account.customer, creditsRemaining: grant.creditsRemaining } };
}

export async function createAccount(
  deps: AccountDeps,
  identity: VerifiedIdentity,
  allowance: TrialAllowance = { address: null, perAddressPerDay: null },
): Promise<AccountView> {
  const account = isVisitor(identity)
    ? await ensureVisitorAccount(deps, identity, allowance)
    : await ensureAccount(deps, identity);
  return viewOf(identity, account);
}

/**
 * The account, or null when none was created yet. Reading it is also when credits that waited
 * for verification arrive: the web app reads it again once the verified token is issued.
 */
export async function getAccountView(deps: AccountDeps, identity: VerifiedIdentity): Promise<AccountView | null> {
  if (!deps.config.mergeDbUser) return { user: mergeUser(identity, null, null) };
  const account = await deps.store.getAccount(identity.uid);
  if (!account) return null;
  const grantDue = account.customer.signupGrantedAt === null && signupCreditsDue(identity, deps.config);
  return viewOf(identity, grantDue ? await ensureAccount(deps, identity) : account);
}

export async function updateProfile(deps: AccountDeps, identity: AuthIdentity, body: unknown): Promise<AccountView> {
  const parsed = profilePatchSchema(identity).safeParse(body ?? {});
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  const account = await deps.store.getAccount(identity.uid);
  if (!account) throw new ServiceError('not-found', MESSAGES.notFound);
  const profile = await deps.store.updateProfile(identity.uid, parsed.data);
  return viewOf(identity, { ...account, profile });
}
