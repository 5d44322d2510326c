/** Signed-out visitors as the studio makes them: anonymous users of the Auth emulator, linked at sign-up. */
import { randomUUID } from 'node:crypto';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { AUTH_EMULATOR_HOST, type TestUser } from './emulatorUsers.js';

const base = () => `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** signInAnonymously: a user with a uid and an ID token whose sign_in_provider is 'anonymous'. */
export async function signInTestVisitor(): Promise<TestUser> {
  const signUp = await postEmulatorJson(`${base()}/accounts:signUp?key=any`, { returnSecureToken: true });
  if (signUp.status !== 200)
    throw new Error(`Anonymous sign-in failed: ${signUp.status} ${JSON.stringify(signUp.json)}`);
  const user = signUp.json as { localId: string; idToken: string; refreshToken: string };
  return { uid: user.localId, email: '', idToken: user.idToken, refreshToken: user.refreshToken };
}

/** linkWithCredential(EmailAuthProvider.credential(…)): the same uid, now a password account. */
export async function linkTestVisitor(visitor: TestUser): Promise<TestUser> {
  const email = `v-${randomUUID()}@example.com`;
  const link = await postEmulatorJson(`${base()}/accounts:update?key=any`, {
    idToken: visitor.idToken,
    email,
    password: 'correct-horse-battery',
    returnSecureToken: true,
  });
  if (link.status !== 200) throw new Error(`Linking failed: ${link.status} ${JSON.stringify(link.json)}`);
  const tokens = link.json as { localId: string; idToken: string; refreshToken: string };
  return { uid: tokens.localId, email, idToken: tokens.idToken, refreshToken: tokens.refreshToken };
}
