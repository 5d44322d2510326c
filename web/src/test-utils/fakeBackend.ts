import { vi } from 'vitest';
import { mergeUser, TRIAL_CREDITS, type ImageEdit, type MergedUser } from '@flipstage/core';
import type { MarketplaceDriver } from '../backend/marketplace';
import type { MessagesDriver } from '../backend/messages';
import type { ModerationDriver } from '../backend/moderation';
import type { MarketplacePostsDriver } from '../backend/marketplacePosts';
import type { BooksDriver } from '../backend/books';
import type { EbayDriver } from '../backend/ebay';
import type { StagingDriver } from '../backend/staging';
import type { AuthUser, Backend } from '../backend/types';

export function fakeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    displayName: 'Ada',
    photoURL: null,
    emailVerified: true,
    providerIds: ['password'],
    createdAt: null,
    lastSignInAt: null,
    ...overrides,
  };
}

export function fakeMergedUser(overrides: Partial<MergedUser> = {}): MergedUser {
  return {
    ...mergeUser({ uid: 'user-1', email: 'ada@example.com', displayName: 'Ada', providerIds: ['password'] }, null, {
      creditsRemaining: 10,
    }),
    ...overrides,
  };
}

export interface FakeBackend extends Backend {
  /** Pushes an auth state change to the session, as the auth provider would. */
  emitAuth(user: AuthUser | null): void;
}

/** Nothing on the API answers unless a test gives the driver: these fail as an unreachable API would. */
const unreachable = (driver: string) =>
  vi.fn(async () => {
    throw new TypeError(`Failed to fetch (no fake ${driver} given)`);
  });

/**
 * An in-memory backend behind the same interface as the real drivers. Every operation is a vi.fn so
 * a test can assert the call or make it fail; `user` sets the initial auth state (null = signed out);
 * `staging` and `marketplace` stand in for those APIs where a test uses them.
 */
export function createFakeBackend(
  options: {
    user?: AuthUser | null;
    merged?: MergedUser | null;
    staging?: StagingDriver;
    marketplace?: MarketplaceDriver;
    messages?: MessagesDriver;
    moderation?: ModerationDriver;
    marketplacePosts?: MarketplacePostsDriver;
    ebay?: EbayDriver;
    books?: BooksDriver;
    /** The signed-in user's ID token carries the moderator claim. */
    moderator?: boolean;
  } = {},
): FakeBackend {
  let current: AuthUser | null = options.user === undefined ? null : options.user;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const merged =
    options.merged === undefined ? (current ? fakeMergedUser({ uid: current.uid }) : null) : options.merged;
  const emitAuth = (user: AuthUser | null) => {
    current = user;
    listeners.forEach((listener) => listener(user));
  };
  return {
    mode: 'local',
    emitAuth,
    auth: {
      onAuthStateChanged: vi.fn((listener: (user: AuthUser | null) => void) => {
        listeners.add(listener);
        queueMicrotask(() => listener(current));
        return () => listeners.delete(listener);
      }),
      idToken: vi.fn(async () => (current ? 'fake-token' : null)),
      signUp: vi.fn(async (email: string) => {
        emitAuth(fakeAuthUser({ email, emailVerified: false }));
        return 'created' as const;
      }),
      signInVisitor: vi.fn(async () => {
        if (!current) emitAuth(fakeAuthUser({ uid: 'visitor-1', email: null, providerIds: [], isAnonymous: true }));
      }),
      signIn: vi.fn(async (email: string) => emitAuth(fakeAuthUser({ email }))),
      signInWithProvider: vi.fn(async () => emitAuth(fakeAuthUser({ providerIds: ['google.com'] }))),
      sendSignInLink: vi.fn(async () => {}),
      isSignInLink: vi.fn(() => false),
      completeSignInLink: vi.fn(async (email: string) => emitAuth(fakeAuthUser({ email }))),
      sendPasswordReset: vi.fn(async () => {}),
      confirmPasswordReset: vi.fn(async () => {}),
      applyActionCode: vi.fn(async () => {}),
      resendEmailVerification: vi.fn(async () => {}),
      refreshEmailVerified: vi.fn(async () => current?.emailVerified ?? false),
      isModerator: vi.fn(async () => current !== null && options.moderator === true),
      updatePassword: vi.fn(async () => {}),
      changeEmail: vi.fn(async () => {}),
      reauthenticateWithPassword: vi.fn(async () => {}),
      reauthenticateWithProvider: vi.fn(async () => {}),
      signOut: vi.fn(async () => emitAuth(null)),
    },
    account: {
      realtime: false,
      // A visitor's anonymous session gets the free tries, as the API grants them.
      ensureAccount: vi.fn(async (user: AuthUser) =>
        user.isAnonymous
          ? fakeMergedUser({ uid: user.uid, creditsRemaining: TRIAL_CREDITS })
          : (merged ?? fakeMergedUser()),
      ),
      readMergedUser: vi.fn(async () => merged),
      updateProfile: vi.fn(async () => {}),
      listImageEdits: vi.fn(async () => ({ data: [], nextCursor: null })),
      getImageEdits: vi.fn(async (): Promise<ImageEdit[]> => []),
    },
    staging: options.staging ?? { stage: unreachable('staging'), preview: unreachable('staging') },
    marketplace: options.marketplace ?? {
      listItems: unreachable('marketplace'),
      getItem: unreachable('marketplace'),
      createItem: unreachable('marketplace'),
      updateItem: unreachable('marketplace'),
      deleteItem: unreachable('marketplace'),
      // A listing page asks for the seller's other listings: none, unless a test gives the driver.
      listSellerItems: vi.fn(async () => ({ data: [], nextCursor: null })),
      fetchImageFile: unreachable('marketplace'),
      // The listing form asks what pieces like it sold for: no sales yet, unless a test gives the driver.
      suggestPrice: vi.fn(async () => ({ kind: 'not-enough' as const, sales: 0 })),
    },
    // Watches stay silent (no conversations yet) and writes fail, unless a test gives the driver.
    messages: options.messages ?? {
      watchConversations: vi.fn(() => () => {}),
      watchConversation: vi.fn(() => () => {}),
      watchUnread: vi.fn(() => () => {}),
      start: unreachable('messages'),
      send: unreachable('messages'),
      offer: unreachable('messages'),
      decide: unreachable('messages'),
      setListingStatus: unreachable('messages'),
      block: unreachable('messages'),
      report: unreachable('messages'),
      markRead: unreachable('messages'),
    },
    // A seller's dashboard asks which of their listings reports took down: none, unless a test gives the driver.
    moderation: options.moderation ?? {
      reviewQueue: unreachable('moderation'),
      decide: unreachable('moderation'),
      ownListings: vi.fn(async () => ({ data: [] })),
    },
    marketplacePosts: options.marketplacePosts ?? {
      kit: unreachable('marketplacePosts'),
      kitPhotos: unreachable('marketplacePosts'),
      posts: unreachable('marketplacePosts'),
      recordPost: unreachable('marketplacePosts'),
      setPostState: unreachable('marketplacePosts'),
    },
    // The listing's panel shows the eBay card: a seller not connected to eBay, unless a test gives the driver.
    ebay: options.ebay ?? {
      connection: vi.fn(async () => ({ allowed: true, connected: false, ebayUsername: null, choices: null })),
      connect: unreachable('ebay'),
      finishConnect: unreachable('ebay'),
      disconnect: unreachable('ebay'),
      publishOptions: unreachable('ebay'),
      publish: unreachable('ebay'),
      listing: unreachable('ebay'),
    },
    // The books' pages fail as an unreachable API would, unless a test gives the driver.
    books: options.books ?? {
      listPieces: unreachable('books'),
      listDeletedPieces: unreachable('books'),
      getPiece: unreachable('books'),
      savePiece: unreachable('books'),
      deletePiece: unreachable('books'),
      restorePiece: unreachable('books'),
      addCost: unreachable('books'),
      updateCost: unreachable('books'),
      removeCost: unreachable('books'),
      exportPieces: unreachable('books'),
      importPieces: unreachable('books'),
      summary: unreachable('books'),
      currency: unreachable('books'),
      setCurrency: unreachable('books'),
    },
    billing: {
      createCheckoutSession: vi.fn(async () => ({ id: 'cs_test_1', url: 'https://checkout.example/cs_test_1' })),
      createBillingSession: vi.fn(async () => ({
        status: 'success' as const,
        data: { url: 'https://billing.example/portal' },
      })),
      billingTerms: vi.fn(async () => ({ trialDays: 7 })),
    },
  };
}
