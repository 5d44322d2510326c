/**
 * Offline: every Firestore query the web app runs under the rules is served by
 * firestore.indexes.json. The Firestore SDK is replaced by a recorder, and every driver method
 * runs against it, so the queries checked are the ones the driver really builds.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import indexes from '../../../firestore.indexes.json';
import { servingIndex, type IndexesFile, type QueryShape } from '../../../scripts/lib/firestoreIndexCoverage.mjs';
import { createFirestoreAccountDriver } from './firestoreAccountDriver';
import type { AccountDriver, AuthUser } from './types';

type Constraint =
  | { kind: 'where'; field: string; op: string }
  | { kind: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { kind: 'other' };

const recorded = vi.hoisted(() => ({ queries: [] as QueryShape[] }));

vi.mock('firebase/firestore', () => {
  const snapshot = (id: string) => ({ id, exists: () => true, data: () => ({}) });
  return {
    Timestamp: class {},
    collection: (_db: unknown, path: string) => ({ path }),
    doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
    where: (field: string, op: string): Constraint => ({ kind: 'where', field, op }),
    orderBy: (field: string, direction: 'asc' | 'desc' = 'asc'): Constraint => ({ kind: 'orderBy', field, direction }),
    limit: (): Constraint => ({ kind: 'other' }),
    startAfter: (): Constraint => ({ kind: 'other' }),
    query: (ref: { path: string }, ...constraints: Constraint[]) => ({ ref, constraints }),
    getDoc: (ref: { path: string }) => Promise.resolve(snapshot(ref.path.split('/').pop() ?? '')),
    getDocs: ({ ref, constraints }: { ref: { path: string }; constraints: Constraint[] }) => {
      recorded.queries.push({
        collectionGroup: ref.path.split('/').pop() ?? '',
        scope: 'COLLECTION',
        filters: constraints.flatMap((c) => (c.kind === 'where' ? [{ field: c.field, op: c.op }] : [])),
        orderBy: constraints.flatMap((c) => (c.kind === 'orderBy' ? [{ field: c.field, direction: c.direction }] : [])),
      });
      return Promise.resolve({ docs: [] });
    },
    onSnapshot: () => () => undefined,
    updateDoc: () => Promise.resolve(),
  };
});

const user: AuthUser = {
  uid: 'u1',
  email: 'u1@example.com',
  displayName: null,
  photoURL: null,
  emailVerified: true,
  providerIds: ['password'],
  createdAt: null,
  lastSignInAt: null,
};

type DriverMethods = {
  [
    K in keyof AccountDriver as NonNullable<AccountDriver[K]> extends (...args: never[]) => unknown ? K : never
  ]-?: unknown;
};

/** Every driver method, called in the ways that build different queries. */
const calls: Record<keyof DriverMethods, Array<(driver: AccountDriver) => unknown>> = {
  ensureAccount: [(d) => d.ensureAccount(user)],
  readMergedUser: [(d) => d.readMergedUser(user)],
  watchMergedUser: [
    (d) =>
      d.watchMergedUser?.(
        user,
        () => undefined,
        () => undefined,
      )(),
  ],
  updateProfile: [(d) => d.updateProfile(user, { name: 'Dana' })],
  listImageEdits: [(d) => d.listImageEdits(user, null), (d) => d.listImageEdits(user, 'edit-24')],
  getImageEdits: [(d) => d.getImageEdits(user, ['edit-1', 'edit-2'])],
};

describe('firestore.indexes.json against the web app’s Firestore reads', () => {
  it('has an index for every query the account driver runs, having run every driver method', async () => {
    const driver = createFirestoreAccountDriver(
      {} as Firestore,
      { currentUser: null } as Auth,
      async <T>() => ({}) as T,
    );
    for (const run of Object.values(calls).flat()) await Promise.resolve(run(driver)).catch(() => undefined);
    const methods = Object.entries(driver).flatMap(([name, value]) => (typeof value === 'function' ? [name] : []));
    expect(methods.filter((name) => !(name in calls))).toEqual([]);

    const unserved = recorded.queries.filter((query) => servingIndex(query, indexes as IndexesFile) === null);
    expect(unserved).toEqual([]);
  });
});
