import type {
  BillingSessionRequest,
  BillingSessionResponse,
  BillingTermsResponse,
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  ImageEdit,
  ImageEditsPage,
  MergedUser,
} from '@flipstage/core';
import type { BooksDriver } from './books';
import type { MarketplaceDriver } from './marketplace';
import type { MarketplacePostsDriver } from './marketplacePosts';
import type { EbayDriver } from './ebay';
import type { MessagesDriver } from './messages';
import type { ModerationDriver } from './moderation';
import type { StagingDriver } from './staging';

/** The signed-in identity as the auth provider reports it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** Provider ids as reported by the SDK ('password', 'google.com', …). */
  providerIds: string[];
  /** When the account was created and when it last signed in (ms since the epoch), as the SDK reports them. */
  createdAt: number | null;
  lastSignInAt: number | null; /**
   * A signed-out visitor's anonymous session (the studio's free tries, spec §6): the app treats it
   * as signed out; signing up links it, keeping the uid.
   */
  isAnonymous?: boolean;
}

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

import type { Unsubscribe } from './unsubscribe';

export type { Unsubscribe };

/**
 * How a sign-up ended: a new account, a visitor's anonymous session linked to the new email (the
 * uid and the studio's results stay), or, the email being taken, a sign-in to that account.
 */
export type SignUpOutcome = 'created' | 'linked' | 'signed-in-existing';

/** Auth operations (Firebase Auth SDK in both modes; the emulator in local mode). */
export interface AuthDriver {
  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe;
  /** The current ID token (the SDK renews it near expiry); forceRefresh gets a newly issued one. */
  idToken(forceRefresh?: boolean): Promise<string | null>;
  /**
   * Signs up, linking a visitor's anonymous session when there is one. When the email already has
   * an account and the password opens it, signs in to it instead ('signed-in-existing').
   */
  signUp(email: string, password: string, verifyUrl: string): Promise<SignUpOutcome>;
  /** Starts a signed-out visitor's anonymous session, unless someone is signed in already. */
  signInVisitor(): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  /** A visitor's anonymous session is linked to the provider's account (or, if that exists, left for it). */
  signInWithProvider(provider: SocialProvider): Promise<void>;
  sendSignInLink(email: string, continueUrl: string): Promise<void>;
  isSignInLink(url: string): boolean;
  completeSignInLink(email: string, url: string): Promise<void>;
  sendPasswordReset(email: string, continueUrl: string): Promise<void>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  /** Applies an email action code; a verified email's session gets a new ID token at once (see refreshEmailVerified). */
  applyActionCode(oobCode: string): Promise<void>;
  /** Sends the signed-in user a new email confirmation link that continues to continueUrl. */
  resendEmailVerification(continueUrl: string): Promise<void>;
  /**
   * Asks Auth again whether the signed-in user's email is verified (it may have been confirmed in
   * another tab or on another device). Once it is, a new ID token is issued, so the next API call
   * carries email_verified (Firebase mode grants the sign-up credits on it). False when nobody is
   * signed in or the email is not verified yet.
   */
  refreshEmailVerified(): Promise<boolean>;
  /**
   * Whether the signed-in user's ID token carries the moderator claim (issue 40), to show them the
   * review page; the API checks the account itself. A newly granted claim shows with the next token.
   */
  isModerator(): Promise<boolean>;
  updatePassword(newPassword: string): Promise<void>;
  /** Sends confirmation links to the new and old addresses; the change happens when confirmed. */
  changeEmail(newEmail: string, continueUrl: string): Promise<void>;
  reauthenticateWithPassword(password: string): Promise<void>;
  reauthenticateWithProvider(provider: SocialProvider): Promise<void>;
  signOut(): Promise<void>;
}

export interface ProfilePatch {
  name?: string;
  avatar?: string | null;
}

/** The signed-in user's own data: Firestore under rules in Firebase mode, the local host in local mode. */
export interface AccountDriver {
  /** True when watchMergedUser pushes changes (Firestore onSnapshot); otherwise the session polls. */
  readonly realtime: boolean;
  /** Idempotently creates the account (10 sign-up credits once) and returns the merged user. */
  ensureAccount(user: AuthUser): Promise<MergedUser>;
  /** The merged user, or null when no account exists yet. */
  readMergedUser(user: AuthUser): Promise<MergedUser | null>;
  watchMergedUser?(
    user: AuthUser,
    onNext: (merged: MergedUser | null) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
  /** Only the given fields change (the owner may change name and avatar). */
  updateProfile(user: AuthUser, profile: ProfilePatch): Promise<void>;
  listImageEdits(user: AuthUser, cursor: string | null): Promise<ImageEditsPage>;
  /**
   * The user's own image edits among `ids` (at most PIECE_LIMITS.stagings), in the order asked;
   * an id that is not one of theirs (deleted, or another user's) is left out.
   */
  getImageEdits(user: AuthUser, ids: readonly string[]): Promise<ImageEdit[]>;
}

/** Calls that go through the own HTTP API in both modes. */
export interface BillingDriver {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSessionResponse>;
  createBillingSession(request: BillingSessionRequest): Promise<BillingSessionResponse>;
  billingTerms(): Promise<BillingTermsResponse>;
}

/** Everything the app reaches beyond the browser, created once per page (createBackend) or by a test. */
export interface Backend {
  mode: 'firebase' | 'local';
  auth: AuthDriver;
  account: AccountDriver;
  staging: StagingDriver;
  marketplace: MarketplaceDriver;
  messages: MessagesDriver;
  moderation: ModerationDriver;
  marketplacePosts: MarketplacePostsDriver;
  ebay: EbayDriver;
  /** The seller's books (issue 42). */
  books: BooksDriver;
  billing: BillingDriver;
}
