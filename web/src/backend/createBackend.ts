import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { BooksDriver } from './books';
import { appCheckToken, limitedUseAppCheckToken } from './appCheck';
import { backendMode, FIRESTORE_EMULATOR_HOST } from './config';
import { lazyAuthDriver } from './lazyAuth';
import { createApiFetch, type ApiFetch, type IdTokenSource } from './http';
import { lazyDriver } from './lazyDriver';
import type { MarketplaceDriver } from './marketplace';
import type { MarketplacePostsDriver } from './marketplacePosts';
import type { MessagesDriver } from './messages';
import { createHttpStagingDriver } from './staging';
import type { AccountDriver, Backend } from './types';

/** One Firestore client for every driver that reads it (the emulator can only be connected once). */
let firestoreDb: Promise<Firestore> | undefined;
function firestore(): Promise<Firestore> {
  return (firestoreDb ??= Promise.all([import('firebase/firestore'), import('./firebaseApp')]).then(
    ([{ getFirestore, connectFirestoreEmulator }, sdk]) => {
      const db = getFirestore(sdk.firebaseApp());
      if (FIRESTORE_EMULATOR_HOST) {
        const emulator = new URL(`http://${FIRESTORE_EMULATOR_HOST}`);
        connectFirestoreEmulator(db, emulator.hostname, Number(emulator.port));
      }
      return db;
    },
  ));
}

async function accountDriver(auth: Promise<Auth>, apiFetch: ApiFetch): Promise<AccountDriver> {
  // Read here, not through config's backendMode: the bundler settles a condition across modules
  // only after it has made the chunks, and a Firebase build must not ship this driver's.
  if (import.meta.env.VITE_BACKEND !== 'firebase') {
    const { createLocalAccountDriver } = await import('./localAccountDriver');
    return createLocalAccountDriver(apiFetch);
  }
  // Firestore only ships in the Firebase build.
  const [db, sdkAuth, { createFirestoreAccountDriver }] = await Promise.all([
    firestore(),
    auth,
    import('./firestoreAccountDriver'),
  ]);
  return createFirestoreAccountDriver(db, sdkAuth, apiFetch);
}

/** Firebase mode reads conversations live from Firestore; local mode from the API and its event stream. */
async function messagesDriver(apiFetch: ApiFetch, idToken: IdTokenSource): Promise<MessagesDriver> {
  if (import.meta.env.VITE_BACKEND !== 'firebase') {
    const { createHttpMessagesDriver } = await import('./messages');
    return createHttpMessagesDriver(apiFetch, idToken);
  }
  const [db, { createFirestoreMessagesDriver }] = await Promise.all([firestore(), import('./firestoreMessages')]);
  return createFirestoreMessagesDriver(db, apiFetch);
}

/** Firebase mode reads listings straight from Firestore under rules; writes stay on the API. */
async function marketplaceDriver(auth: Promise<Auth>, apiFetch: ApiFetch): Promise<MarketplaceDriver> {
  const http = (await import('./marketplace')).createHttpMarketplaceDriver(apiFetch);
  if (import.meta.env.VITE_BACKEND !== 'firebase') return http;
  const [db, sdkAuth, { createFirestoreMarketplaceDriver }] = await Promise.all([
    firestore(),
    auth,
    import('./firestoreMarketplace'),
  ]);
  return createFirestoreMarketplaceDriver(db, sdkAuth, http);
}

/** Firebase mode reads where a listing is posted from Firestore under rules; kits and writes stay on the API. */
async function marketplacePostsDriver(apiFetch: ApiFetch, idToken: IdTokenSource): Promise<MarketplacePostsDriver> {
  const http = (await import('./marketplacePosts')).createHttpMarketplacePostsDriver(apiFetch, idToken);
  if (import.meta.env.VITE_BACKEND !== 'firebase') return http;
  const [db, { createFirestoreMarketplacePostsDriver }] = await Promise.all([
    firestore(),
    import('./firestoreMarketplacePosts'),
  ]);
  return createFirestoreMarketplacePostsDriver(db, http);
}

/** Firebase mode writes the books to Firestore under rules and reads the trigger's totals; local mode asks the local host. */
async function booksDriver(auth: Promise<Auth>, apiFetch: ApiFetch): Promise<BooksDriver> {
  if (import.meta.env.VITE_BACKEND !== 'firebase') {
    const { createLocalBooksDriver } = await import('./localBooks');
    return createLocalBooksDriver(apiFetch);
  }
  const [db, sdkAuth, { createFirestoreBooksDriver }] = await Promise.all([
    firestore(),
    auth,
    import('./firestoreBooks'),
  ]);
  return createFirestoreBooksDriver(db, sdkAuth);
}

/**
 * The real backend for the configured mode (VITE_BACKEND=firebase|local, default local), made once
 * by main.tsx before its first render, which waits for no driver's code: the Auth SDK and the
 * account driver start loading now (lazyAuth.ts), the others on their first call.
 */
export function createBackend(): Backend {
  const sdkAuth = import('./firebaseApp').then((sdk) => sdk.firebaseAuth());
  const auth = lazyAuthDriver(() =>
    Promise.all([sdkAuth, import('./firebaseAuthDriver')]).then(([sdk, { createFirebaseAuthDriver }]) =>
      createFirebaseAuthDriver(sdk),
    ),
  );
  // Every API call asks for its tokens then, so they are always the signed-in user's current ID token and a live App Check token.
  const apiFetch = createApiFetch(auth.idToken, { appCheckToken, limitedUseAppCheckToken });
  const account = accountDriver(sdkAuth, apiFetch);
  // Its first caller hears of a failure; until then it is no unhandled rejection.
  account.catch(() => undefined);
  // Firestore's watch is live; local mode has none and the session polls instead.
  const realtime = import.meta.env.VITE_BACKEND === 'firebase';
  return {
    mode: backendMode,
    auth,
    account: lazyDriver(() => account, {
      known: realtime ? { realtime } : { realtime, watchMergedUser: undefined },
      watches: ['watchMergedUser'],
    }),
    staging: createHttpStagingDriver(apiFetch),
    marketplace: lazyDriver(() => marketplaceDriver(sdkAuth, apiFetch)),
    messages: lazyDriver(() => messagesDriver(apiFetch, auth.idToken), {
      watches: ['watchConversations', 'watchConversation', 'watchUnread'],
    }),
    moderation: lazyDriver(() => import('./moderation').then((m) => m.createHttpModerationDriver(apiFetch))),
    marketplacePosts: lazyDriver(() => marketplacePostsDriver(apiFetch, auth.idToken)),
    // eBay's records are the backend's alone in both modes: the API serves them to either.
    ebay: lazyDriver(() => import('./ebay').then((m) => m.createHttpEbayDriver(apiFetch, auth.idToken))),
    books: lazyDriver(() => booksDriver(sdkAuth, apiFetch)),
    billing: lazyDriver(() => import('./billingDriver').then((m) => m.createHttpBillingDriver(apiFetch))),
  };
}
