import { atom } from 'jotai';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, filterImageFiles, type PromptMode } from '@flipstage/core';
import {
  addImages,
  applyChoiceToAll,
  clearAll,
  droppedImages,
  EMPTY_STUDIO,
  newStudioImage,
  removeImage,
  selectedImage,
  setImageChoice,
  type PromptSettings,
  type StagingChoice,
  type StudioImage,
  type StudioState,
} from './studioState';

/** The studio's UI state. The home route uses the default store, so it survives a visit to /tips. */
export const studioAtom = atom<StudioState>(EMPTY_STUDIO);

export const promptModeAtom = atom<PromptMode>('auto');
export const customPromptAtom = atom('');
export const promptEditingAtom = atom(false);

/**
 * The last style, type and prompt edit chosen. The choosers show it while the strip is empty; once
 * a photo is selected they show and change that photo's own.
 */
export const defaultChoiceAtom = atom<StagingChoice>({
  style: DEFAULT_STYLE,
  furnitureType: DEFAULT_FURNITURE_TYPE,
  editedPrompt: null,
});

/** The choice on show: the selected photo's, else the default. New uploads start from the default. */
export const currentChoiceAtom = atom(
  (get): StagingChoice => selectedImage(get(studioAtom))?.choice ?? get(defaultChoiceAtom),
);

/**
 * Changes the choice on show: the selected photo's, and the default for photos added later. A
 * photo being staged keeps the choice its request was built from, so nothing changes then.
 */
export const updateChoiceAtom = atom(null, (get, set, update: (choice: StagingChoice) => StagingChoice) => {
  const studio = get(studioAtom);
  const image = selectedImage(studio);
  if (image?.status === 'processing') return;
  const next = update(get(currentChoiceAtom));
  set(defaultChoiceAtom, next);
  if (image) set(studioAtom, setImageChoice(studio, image.id, next));
});

export const applyChoiceToAllAtom = atom(null, (get, set) => {
  set(studioAtom, applyChoiceToAll(get(studioAtom), get(currentChoiceAtom)));
});

export const promptSettingsAtom = atom((get): PromptSettings => ({
  mode: get(promptModeAtom),
  customPrompt: get(customPromptAtom),
}));

/** The validation message shown above the studio controls (spec §5), or null. */
export const studioMessageAtom = atom<string | null>(null);

/** How many generations are in flight; the progress bar runs while it is above 0. */
export const runningAtom = atom(0);

/** How the strip names a new photo and what it shows until the photo is prepared. */
export interface NewPhotos {
  id: () => string;
  previewUrl: (file: File) => string;
}

/**
 * Keeps the image files of a drop or pick (spec §5), adds them to the strip at once, still being
 * prepared (prepare/), and reports the no-valid-files message. Returns the photos added.
 */
export const addFilesAtom = atom(null, (get, set, files: readonly File[], make: NewPhotos): StudioImage[] => {
  const { files: kept, error } = filterImageFiles(files);
  set(studioMessageAtom, error);
  // The seller's last choice, not the selected photo's: that may be the engine's guess for it.
  const choice = get(defaultChoiceAtom);
  const added = kept.map((file) =>
    newStudioImage(make.id(), file, make.previewUrl(file), choice, { preparing: true }),
  );
  set(studioAtom, addImages(get(studioAtom), added));
  return added;
});

function releaseDropped(before: StudioState, after: StudioState): void {
  for (const gone of droppedImages(before, after)) URL.revokeObjectURL(gone.previewUrl);
}

export const removeImageAtom = atom(null, (get, set, index: number) => {
  const before = get(studioAtom);
  const after = removeImage(before, index);
  releaseDropped(before, after);
  set(studioAtom, after);
  set(studioMessageAtom, null);
});

export const clearAllAtom = atom(null, (get, set) => {
  const before = get(studioAtom);
  const after = clearAll();
  releaseDropped(before, after);
  set(studioAtom, after);
  set(studioMessageAtom, null);
});
