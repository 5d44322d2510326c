import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  linkWithCredential,
  linkWithPopup,
  linkWithRedirect,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  TwitterAuthProvider,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type AuthCredential,
  type AuthProvider,
  type User,
} from 'firebase/auth';
import type { AuthDriver, AuthUser, SignUpOutcome, SocialProvider } from './types';

const PROVIDER_CLASSES = {
  google: GoogleAuthProvider,
  facebook: FacebookAuthProvider,
  twitter: TwitterAuthProvider,
  github: GithubAuthProvider,
} as const;

/** The provider's credential a failed link carries, to sign in to the account that holds it. */
function credentialFromError(provider: SocialProvider, error: unknown): AuthCredential | null {
  return PROVIDER_CLASSES[provider].credentialFromError(
    error as Parameters<typeof GoogleAuthProvider.credentialFromError>[0],
  );
}

/** The email or the provider account is another user's already: linking cannot take it. */
const TAKEN = new Set([
  'auth/email-already-in-use',
  'auth/credential-already-in-use',
  'auth/account-exists-with-different-credential',
]);

function providerFor(provider: SocialProvider): AuthProvider {
  switch (provider) {
    case 'google':
      return new GoogleAuthProvider();
    case 'facebook':
      return new FacebookAuthProvider();
    case 'twitter':
      return new TwitterAuthProvider();
    case 'github':
      return new GithubAuthProvider();
  }
}

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((p) => p.providerId),
    isAnonymous: user.isAnonymous,
    createdAt: timeOf(user.metadata.creationTime),
    lastSignInAt: timeOf(user.metadata.lastSignInTime),
  };
}

function timeOf(utc: string | undefined): number | null {
  const ms = utc ? Date.parse(utc) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function requireUser(auth: Auth): User {
  if (!auth.currentUser)
    throw Object.assign(new Error('Please sign in to continue.'), { code: 'auth/no-current-user' });
  return auth.currentUser;
}

export function createFirebaseAuthDriver(auth: Auth): AuthDriver {
  /** A visitor signing in with a provider keeps their uid; a provider account that exists is signed in to instead. */
  async function linkVisitor(visitor: User, provider: SocialProvider): Promise<void> {
    try {
      await linkWithPopup(visitor, providerFor(provider));
    } catch (error) {
      const credential = TAKEN.has(errorCode(error) ?? '') ? credentialFromError(provider, error) : null;
      if (!credential) throw error;
      await signInWithCredential(auth, credential);
    }
  }

  async function refreshEmailVerified(): Promise<boolean> {
    const user = auth.currentUser;
    if (!user) return false;
    await user.reload();
    // reload() updates the user but not the ID token the API reads; without a forced refresh the
    // server would see email_verified false for up to an hour.
    if (user.emailVerified) await user.getIdToken(true);
    return user.emailVerified;
  }

  return {
    // Token changes include profile and email updates, so the session sees a fresh identity after them.
    onAuthStateChanged: (listener) => onIdTokenChanged(auth, (user) => listener(user ? toAuthUser(user) : null)),
    idToken: async (forceRefresh) => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null),
    async signUp(email, password, verifyUrl): Promise<SignUpOutcome> {
      const visitor = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      if (!visitor) {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        await sendEmailVerification(user, { url: verifyUrl });
        return 'created';
      }
      try {
        // The same uid: the free tries' results, on the server and in the studio, stay theirs.
        const { user } = await linkWithCredential(visitor, EmailAuthProvider.credential(email, password));
        await sendEmailVerification(user, { url: verifyUrl });
        return 'linked';
      } catch (error) {
        if (!TAKEN.has(errorCode(error) ?? '')) throw error;
        // Their account already: signing in to it is what they meant; a wrong password says the email is taken.
        await signInWithEmailAndPassword(auth, email, password).catch(() => {
          throw error;
        });
        return 'signed-in-existing';
      }
    },
    async signInVisitor() {
      if (!auth.currentUser) await signInAnonymously(auth);
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signInWithProvider(provider) {
      const visitor = auth.currentUser?.isAnonymous ? auth.currentUser : null;
      try {
        if (!visitor) await signInWithPopup(auth, providerFor(provider));
        else await linkVisitor(visitor, provider);
      } catch (error) {
        // Browsers that block popups still get a working sign-in through a full-page redirect.
        if (errorCode(error) !== 'auth/popup-blocked') throw error;
        if (visitor) await linkWithRedirect(visitor, providerFor(provider));
        else await signInWithRedirect(auth, providerFor(provider));
      }
    },
    async sendSignInLink(email, continueUrl) {
      await sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true });
    },
    isSignInLink: (url) => isSignInWithEmailLink(auth, url),
    async completeSignInLink(email, url) {
      await signInWithEmailLink(auth, email, url);
    },
    async sendPasswordReset(email, continueUrl) {
      await sendPasswordResetEmail(auth, email, { url: continueUrl });
    },
    async confirmPasswordReset(oobCode, newPassword) {
      await confirmPasswordReset(auth, oobCode, newPassword);
    },
    async applyActionCode(oobCode) {
      await applyActionCode(auth, oobCode);
      await refreshEmailVerified();
    },
    async resendEmailVerification(continueUrl) {
      await sendEmailVerification(requireUser(auth), { url: continueUrl });
    },
    refreshEmailVerified,
    async updatePassword(newPassword) {
      await updatePassword(requireUser(auth), newPassword);
    },
    async changeEmail(newEmail, continueUrl) {
      await verifyBeforeUpdateEmail(requireUser(auth), newEmail, { url: continueUrl });
    },
    async reauthenticateWithPassword(password) {
      const user = requireUser(auth);
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
    },
    async reauthenticateWithProvider(provider) {
      await reauthenticateWithPopup(requireUser(auth), providerFor(provider));
    },
    async signOut() {
      await signOut(auth);
    },
  };
}
