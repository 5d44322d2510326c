/**
 * Where a photo's style and type start from: the seller's last choice, kept across visits per
 * user in localStorage, and the type the engine's preview suggested for that photo.
 */
import { useEffect, useRef } from 'react';
import { atom, useStore } from 'jotai';
import { isDesignStyleId, isFurnitureTypeId, type DesignStyleId, type FurnitureTypeId } from '@flipstage/core';
import { useAuthStatus, useAuthUser } from '../../backend/session';
import { defaultChoiceAtom } from './studioAtoms';

export interface LastChoice {
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
}

const KEY_PREFIX = 'flipstage.lastChoice.';
const SIGNED_OUT_KEY = 'signed-out';

/**
 * The type the preview suggested for each photo, by image id: null when the engine could not
 * tell; absent until the preview has answered (or when there is none, signed out).
 */
export const suggestedTypesAtom = atom<Readonly<Record<string, FurnitureTypeId | null>>>({});

function storageKey(userKey: string): string {
  return `${KEY_PREFIX}${userKey}`;
}

/** The stored choice for this user, or null when none was stored or it is no longer a catalogue entry. */
export function loadLastChoice(userKey: string): LastChoice | null {
  try {
    const raw = localStorage.getItem(storageKey(userKey));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { style, furnitureType } = parsed as Record<string, unknown>;
    return isDesignStyleId(style) && isFurnitureTypeId(furnitureType) ? { style, furnitureType } : null;
  } catch {
    return null;
  }
}

export function saveLastChoice(userKey: string, choice: LastChoice): void {
  try {
    localStorage.setItem(storageKey(userKey), JSON.stringify(choice));
  } catch {
    // Storage full or refused (private mode): the choice still holds for this visit.
  }
}

/**
 * Starts the studio from this user's last style and type, and remembers each new one. Runs again
 * when another user signs in on the same browser, so one seller's choice never becomes another's.
 * A choice made before the sign-in state is known (the page is up before Firebase restores the
 * session) is that user's newest: it is kept, not replaced by the one stored on an earlier visit.
 */
export function useLastChoice(): void {
  const store = useStore();
  const status = useAuthStatus();
  const uid = useAuthUser()?.uid;
  const userKey = status === 'unknown' ? null : (uid ?? SIGNED_OUT_KEY);
  const chosenWhileUnknown = useRef(false);

  useEffect(() => {
    const save = (key: string) => {
      const { style, furnitureType } = store.get(defaultChoiceAtom);
      saveLastChoice(key, { style, furnitureType });
    };
    if (userKey === null) {
      return store.sub(defaultChoiceAtom, () => {
        chosenWhileUnknown.current = true;
      });
    }
    if (chosenWhileUnknown.current) {
      chosenWhileUnknown.current = false;
      save(userKey);
    } else {
      const stored = loadLastChoice(userKey);
      if (stored) store.set(defaultChoiceAtom, (current) => ({ ...current, ...stored, editedPrompt: null }));
    }
    return store.sub(defaultChoiceAtom, () => save(userKey));
  }, [store, userKey]);
}
