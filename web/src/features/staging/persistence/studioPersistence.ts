/**
 * The studio's persistence for one page: the database opened once, the persister fed every change
 * and every sign-in or sign-out, the one-time notice when this browser keeps nothing, and the
 * resumption of stagings a reload cut off once the page sends nothing else.
 */
import type { createStore } from 'jotai';
import { authStateAtom } from '../../../backend/authState';
import { notifyError } from '../../../app/notify';
import { customPromptAtom, promptModeAtom, runningAtom, studioAtom } from '../studioAtoms';
import { editIdsAtom, matchedWordsAtom } from '../previewAtoms';
import { ownerOf, type StudioOwner } from './records';
import { openStudioDb } from './studioDb';
import { createStudioPersister } from './studioPersister';

type Store = ReturnType<typeof createStore>;

export const NOT_KEPT_NOTICE =
  'This browser will not keep your photos and results after a reload (private browsing, or no space left). Download the results you want to keep.';

async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/** Resolves once no staging is being sent from this page: a photo still processing then is one a reload cut off. */
function whenIdle(store: Store): Promise<void> {
  if (store.get(runningAtom) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.sub(runningAtom, () => {
      if (store.get(runningAtom) !== 0) return;
      stop();
      resolve();
    });
  });
}

export interface Persistence {
  resume: () => Promise<void>;
}

/**
 * One per store, for the page's life: it goes on writing while the studio is off screen (a visit
 * to /tips, where a staging may finish), and follows sign-in and sign-out wherever they happen.
 */
const persistences = new WeakMap<Store, Persistence>();

export function persistenceFor(store: Store): Persistence {
  const existing = persistences.get(store);
  if (existing) return existing;
  const db = openStudioDb();
  // Awaited by each operation; this only keeps a refused database from being reported unhandled.
  db.catch(() => undefined);
  let noticed = false;
  const persistence: Persistence = { resume: () => Promise.resolve() };
  const persister = createStudioPersister({
    store,
    db,
    fetchBlob,
    onWriteFailed(error) {
      console.warn('The studio could not be kept in this browser', error);
      if (noticed) return;
      noticed = true;
      notifyError(NOT_KEPT_NOTICE);
    },
    onRestored() {
      void whenIdle(store).then(() => persistence.resume());
    },
  });
  for (const atom of [studioAtom, promptModeAtom, customPromptAtom, matchedWordsAtom, editIdsAtom]) {
    store.sub(atom, () => persister.changed());
  }
  let owner: StudioOwner | null = null;
  const follow = () => {
    const next = ownerOf(store.get(authStateAtom));
    if (!next || next.key === owner?.key) return;
    persister.switchOwner(next, owner);
    owner = next;
  };
  store.sub(authStateAtom, follow);
  follow();
  persistences.set(store, persistence);
  return persistence;
}
