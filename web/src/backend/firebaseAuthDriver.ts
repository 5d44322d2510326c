import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  TwitterAuthProvider,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type AuthProvider,
  type User,
} from 'firebase/auth';
import type { AuthDriver, AuthUser, SocialProvider } from './types';

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
    async signUp(email, password, verifyUrl) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await sendEmailVerification(user, { url: verifyUrl });
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signInWithProvider(provider) {
      try {
        await signInWithPopup(auth, providerFor(provider));
      } catch (error) {
        // Browsers that block popups still get a working sign-in through a full-page redirect.
        if (errorCode(error) === 'auth/popup-blocked') await signInWithRedirect(auth, providerFor(provider));
        else throw error;
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
