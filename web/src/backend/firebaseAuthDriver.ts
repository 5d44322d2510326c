import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  isSignInWithEmailLink,
  linkWithCredential,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
} from 'firebase/auth';
import { MODERATOR_CLAIM } from '@flipstage/core';
import { errorCode, TAKEN } from './authErrors';
import type { AuthDriver, AuthUser, SignUpOutcome } from './types';

/** Social sign-in's popup and redirect code, loaded on its first use. */
const social = () => import('./socialSignIn');

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
      await (await social()).signInWithProvider(auth, provider);
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
    async isModerator() {
      const user = auth.currentUser;
      return user ? (await user.getIdTokenResult()).claims[MODERATOR_CLAIM] === true : false;
    },
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
      await (await social()).reauthenticateWithProvider(requireUser(auth), provider);
    },
    async signOut() {
      await signOut(auth);
    },
  };
}
