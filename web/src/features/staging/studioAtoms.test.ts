import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { MESSAGES } from '@flipstage/core';
import {
  addFilesAtom,
  applyChoiceToAllAtom,
  clearAllAtom,
  currentChoiceAtom,
  studioAtom,
  studioMessageAtom,
  updateChoiceAtom,
} from './studioAtoms';
import { changeChoice, markProcessing, selectImage } from './studioState';
import { firstPreviewUrl } from './prepare/firstPreview';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
let n = 0;
const newPhotos = { id: () => `id-${++n}`, previewUrl: firstPreviewUrl };

describe('studio atoms', () => {
  it('add only image files and report when none was an image', () => {
    const store = createStore();
    expect(
      store.set(addFilesAtom, [jpeg('a.jpg'), new File(['t'], 'a.txt', { type: 'text/plain' })], newPhotos),
    ).toHaveLength(1);
    expect(store.get(studioMessageAtom)).toBeNull();
    expect(store.set(addFilesAtom, [new File(['t'], 'b.txt', { type: 'text/plain' })], newPhotos)).toEqual([]);
    expect(store.get(studioMessageAtom)).toBe(MESSAGES.noValidImages);
    expect(store.get(studioAtom).images).toHaveLength(1);
  });

  it('release the preview URLs on Clear All', () => {
    const store = createStore();
    store.set(addFilesAtom, [jpeg('a.jpg')], newPhotos);
    store.set(clearAllAtom);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(store.get(studioAtom).images).toEqual([]);
  });
});

describe('studio choice atoms', () => {
  const toBed = (store: ReturnType<typeof createStore>) =>
    store.set(updateChoiceAtom, (choice) => changeChoice(choice, { furnitureType: 'bed' }));
  const choices = (store: ReturnType<typeof createStore>) =>
    store.get(studioAtom).images.map((i) => `${i.choice.style} ${i.choice.furnitureType}`);

  it('give new photos the choice on show', () => {
    const store = createStore();
    toBed(store);
    store.set(addFilesAtom, [jpeg('a.jpg'), jpeg('b.jpg')], newPhotos);
    expect(choices(store)).toEqual(['modern bed', 'modern bed']);
  });

  it('change the selected photo only, and what photos added later start with', () => {
    const store = createStore();
    store.set(addFilesAtom, [jpeg('a.jpg'), jpeg('b.jpg')], newPhotos);
    store.set(studioAtom, (s) => selectImage(s, 1));
    toBed(store);
    expect(choices(store)).toEqual(['modern dresser', 'modern bed']);
    store.set(studioAtom, (s) => selectImage(s, 0));
    expect(store.get(currentChoiceAtom).furnitureType).toBe('dresser');
    store.set(clearAllAtom);
    expect(store.get(currentChoiceAtom).furnitureType).toBe('bed');
  });

  it('leave a photo being staged as it is', () => {
    const store = createStore();
    store.set(addFilesAtom, [jpeg('a.jpg')], newPhotos);
    store.set(studioAtom, (s) => markProcessing(s, [s.images[0]!.id]));
    toBed(store);
    expect(choices(store)).toEqual(['modern dresser']);
    store.set(clearAllAtom);
    expect(store.get(currentChoiceAtom).furnitureType).toBe('dresser');
  });

  it('apply the selected photo’s choice to every photo', () => {
    const store = createStore();
    store.set(addFilesAtom, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')], newPhotos);
    store.set(studioAtom, (s) => selectImage(s, 2));
    store.set(updateChoiceAtom, (choice) => changeChoice(choice, { style: 'coastal', furnitureType: 'bed' }));
    store.set(applyChoiceToAllAtom);
    expect(choices(store)).toEqual(['coastal bed', 'coastal bed', 'coastal bed']);
  });
});
