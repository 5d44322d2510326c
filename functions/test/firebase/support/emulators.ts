/**
 * The Firebase tier runs inside `firebase emulators:exec`, which exports each emulator's address.
 * Tests refuse to start without them, so a stray run can never reach a real project.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';

const HOST_VARIABLES = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
} as const;

export type EmulatorName = keyof typeof HOST_VARIABLES;

/** host:port of a running emulator; throws when the tier was started without it. */
export function emulatorHost(name: EmulatorName): string {
  const variable = HOST_VARIABLES[name];
  const host = process.env[variable];
  if (!host) throw new Error(`${variable} is not set: run this suite with npm run test:firebase`);
  return host;
}

/** The Firestore emulator address, as rules-unit-testing expects it. */
export function emulatorHostAndPort(name: EmulatorName): { host: string; port: number } {
  const url = new URL(`http://${emulatorHost(name)}`);
  return { host: url.hostname, port: Number(url.port) };
}

/** An Admin SDK app for one demo project; the SDK finds the emulators through the same variables. */
export function adminApp(projectId: string, emulators: readonly EmulatorName[]): App {
  if (!projectId.startsWith('demo-')) throw new Error(`Test project ids must start with demo-: ${projectId}`);
  for (const name of emulators) emulatorHost(name);
  return getApps().find((app) => app.name === projectId) ?? initializeApp({ projectId }, projectId);
}

/** The base URL of an HTTPS function in the Functions emulator, found through the emulator hub. */
export async function functionUrl(projectId: string, name: string, region = 'us-central1'): Promise<string> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run this suite with npm run test:firebase');
  const running = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<string, { host: string; port: number } | undefined>;
  const functions = running.functions;
  if (!functions) throw new Error('The Functions emulator is not running');
  return `http://${functions.host}:${functions.port}/${projectId}/${region}/${name}`;
}

/** Signs a new email/password user up in the Auth emulator and returns their uid and ID token. */
export async function signUpInAuthEmulator(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const url = `http://${emulatorHost('auth')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** Deletes every document of the project in the Firestore emulator. */
export async function clearFirestore(projectId: string): Promise<void> {
  const url = `http://${emulatorHost('firestore')}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing Firestore failed: ${response.status} ${await response.text()}`);
}
