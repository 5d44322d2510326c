import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { buildAutoPrompt, MESSAGES, type MergedUser } from '@flipstage/core';
import {
  addFilesAtom,
  chooseStyleAtom,
  clearAllAtom,
  customPromptAtom,
  editedPromptAtom,
  effectiveCredits,
  promptAtom,
  promptModeAtom,
  studioAtom,
  studioMessageAtom,
} from './studioAtoms';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

const user = { uid: 'u1', creditsRemaining: 10 } as MergedUser;
const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
let n = 0;
const createId = () => `id-${++n}`;

describe('studio credits', () => {
  it('are the local counter when signed out', () => {
    expect(effectiveCredits({ user: null, apiCredits: null, localCredits: 0 })).toBe(0);
  });

  it("are the account's balance when signed in", () => {
    expect(effectiveCredits({ user, apiCredits: null, localCredits: 0 })).toBe(10);
  });

  it('follow the balance the API reported until the account is re-read', () => {
    expect(effectiveCredits({ user, apiCredits: { uid: 'u1', value: 8, baseline: 10 }, localCredits: 0 })).toBe(8);
  });

  it('follow the re-read account once its balance changed', () => {
    const refreshed = { ...user, creditsRemaining: 58 };
    expect(
      effectiveCredits({ user: refreshed, apiCredits: { uid: 'u1', value: 8, baseline: 10 }, localCredits: 0 }),
    ).toBe(58);
  });

  it("ignore another user's reported balance", () => {
    expect(effectiveCredits({ user, apiCredits: { uid: 'u2', value: 3, baseline: 10 }, localCredits: 0 })).toBe(10);
  });
});

describe('studio atoms', () => {
  it('add only image files and report when none was an image', () => {
    const store = createStore();
    expect(store.set(addFilesAtom, [jpeg('a.jpg'), new File(['t'], 'a.txt', { type: 'text/plain' })], createId)).toBe(
      1,
    );
    expect(store.get(studioMessageAtom)).toBeNull();
    expect(store.set(addFilesAtom, [new File(['t'], 'b.txt', { type: 'text/plain' })], createId)).toBe(0);
    expect(store.get(studioMessageAtom)).toBe(MESSAGES.noValidImages);
    expect(store.get(studioAtom).images).toHaveLength(1);
  });

  it('release the preview URLs on Clear All', () => {
    const store = createStore();
    store.set(addFilesAtom, [jpeg('a.jpg')], createId);
    store.set(clearAllAtom);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(store.get(studioAtom).images).toEqual([]);
  });

  it('start the prompt again from the generated one when the style changes', () => {
    const store = createStore();
    store.set(editedPromptAtom, 'my own words');
    expect(store.get(promptAtom)).toBe('my own words');
    store.set(chooseStyleAtom, 'coastal');
    expect(store.get(promptAtom)).toBe(buildAutoPrompt('coastal', 'dresser'));
  });

  it('send the custom prompt, or its fallback, in custom mode', () => {
    const store = createStore();
    store.set(promptModeAtom, 'custom');
    expect(store.get(promptAtom)).toBe('Custom background prompt');
    store.set(customPromptAtom, 'a sunny loft');
    expect(store.get(promptAtom)).toBe('a sunny loft');
  });
});
