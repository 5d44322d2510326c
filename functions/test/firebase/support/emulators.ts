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

/** Deletes every document of the project in the Firestore emulator. */
export async function clearFirestore(projectId: string): Promise<void> {
  const url = `http://${emulatorHost('firestore')}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing Firestore failed: ${response.status} ${await response.text()}`);
}
