/**
 * Security rules test environments (firebase/quickstart-testing's habit): the real rules files,
 * one demo project per suite, data seeded with rules disabled.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { emulatorHostAndPort } from './emulators.js';
import { jpegBytes } from './factories.js';

// Denied requests are what half of these tests expect; the SDK would log each one as an error.
setLogLevel('silent');

type CompatFirestore = ReturnType<RulesTestContext['firestore']>;
type CompatStorage = ReturnType<RulesTestContext['storage']>;
type CompatReference = ReturnType<CompatStorage['ref']>;

const repoFile = (name: string) => readFileSync(fileURLToPath(new URL(`../../../../${name}`, import.meta.url)), 'utf8');

export function firestoreRulesEnvironment(projectId: string): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId,
    firestore: { ...emulatorHostAndPort('firestore'), rules: repoFile('firestore.rules') },
  });
}

/** `withFirestore` for rules that read Firestore (items' photos follow their listing's doc). */
export function storageRulesEnvironment(
  projectId: string,
  options: { withFirestore?: boolean } = {},
): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId,
    storage: { ...emulatorHostAndPort('storage'), rules: repoFile('storage.rules') },
    ...(options.withFirestore
      ? { firestore: { ...emulatorHostAndPort('firestore'), rules: repoFile('firestore.rules') } }
      : {}),
  });
}

export async function seedFirestore(
  env: RulesTestEnvironment,
  seed: (db: CompatFirestore) => Promise<unknown>,
): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    await seed(context.firestore());
  });
}

export async function seedStorage(
  env: RulesTestEnvironment,
  seed: (storage: CompatStorage) => Promise<unknown>,
): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    await seed(context.storage());
  });
}

/** Uploads a small JPEG; the SDK's upload task is only thenable, which the assert helpers do not take. */
export async function uploadJpeg(file: CompatReference): Promise<void> {
  await file.put(jpegBytes(), { contentType: 'image/jpeg' });
}

async function deleteTree(folder: CompatReference): Promise<void> {
  const { items, prefixes } = await folder.listAll();
  await Promise.all([...items.map((item) => item.delete()), ...prefixes.map(deleteTree)]);
}

/** Empties the suite's bucket; the library's clearStorage only removes top-level files. */
export async function clearBucket(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled((context) => deleteTree(context.storage().ref()));
}

/** The three callers every rule is checked against. */
export function actors(env: RulesTestEnvironment, owner: string, other: string) {
  return {
    signedOut: () => env.unauthenticatedContext(),
    owner: () => env.authenticatedContext(owner),
    other: () => env.authenticatedContext(other),
  };
}
