import { describe, expect, it } from 'vitest';
import { buildAutoPrompt } from '@flipstage/core';
import {
  addImages,
  applyChoiceToAll,
  canTryAnotherRoom,
  changeChoice,
  clearAll,
  droppedImages,
  EMPTY_STUDIO,
  hideFeedback,
  markFailed,
  markProcessed,
  markProcessing,
  markRetrying,
  newStudioImage,
  nextVariant,
  pendingImages,
  processedImages,
  removeImage,
  selectedImage,
  selectImage,
  setImageChoice,
  setMark,
  showVariation,
  stageRequestFor,
  suggestType,
  type StageFailure,
  type StagingChoice,
  type StudioState,
} from './studioState';

const BUSY: StageFailure = { message: 'Busy', retryable: true };
const CHOICE: StagingChoice = { style: 'farmhouse', furnitureType: 'dresser', editedPrompt: null };

function image(id: string, choice = CHOICE) {
  return newStudioImage(id, new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }), `blob:${id}`, choice);
}

function withImages(...ids: string[]): StudioState {
  return addImages(
    EMPTY_STUDIO,
    ids.map((id) => image(id)),
  );
}

describe('studio image state', () => {
  it('selects the first uploaded image when nothing was selected', () => {
    expect(withImages('a', 'b').selectedIndex).toBe(0);
  });

  it('keeps the current selection when more images are added', () => {
    const state = addImages(selectImage(withImages('a', 'b'), 1), [image('c')]);
    expect(state.selectedIndex).toBe(1);
    expect(state.images.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('starts every upload in the uploaded state without an output', () => {
    expect(withImages('a').images[0]).toMatchObject({ status: 'uploaded', outputUrl: null });
  });

  it('ignores a selection outside the strip', () => {
    const state = withImages('a');
    expect(selectImage(state, 3)).toBe(state);
    expect(selectImage(state, -1)).toBe(state);
  });

  it('shifts the selection left when an image before it is removed', () => {
    const state = removeImage(selectImage(withImages('a', 'b', 'c'), 2), 0);
    expect(state.selectedIndex).toBe(1);
    expect(selectedImage(state)?.id).toBe('c');
  });

  it('selects the next image when the selected one is removed', () => {
    const state = removeImage(selectImage(withImages('a', 'b', 'c'), 1), 1);
    expect(selectedImage(state)?.id).toBe('c');
  });

  it('selects the new last image when the selected last image is removed', () => {
    const state = removeImage(selectImage(withImages('a', 'b'), 1), 1);
    expect(state.selectedIndex).toBe(0);
  });

  it('keeps the selection when an image after it is removed', () => {
    const state = removeImage(withImages('a', 'b', 'c'), 2);
    expect(state.selectedIndex).toBe(0);
  });

  it('removes the output together with its image', () => {
    const state = removeImage(markProcessed(withImages('a', 'b'), 'a', 'http://x/out-a.jpg'), 0);
    expect(processedImages(state)).toEqual([]);
  });

  it('resets feedback when the last image is removed', () => {
    const state = removeImage(markProcessed(withImages('a'), 'a', 'http://x/out.jpg'), 0);
    expect(state).toEqual(EMPTY_STUDIO);
  });

  it('empties everything on Clear All', () => {
    expect(clearAll()).toEqual(EMPTY_STUDIO);
  });

  it('marks images processing, then processed with their output, and shows feedback', () => {
    const processing = markProcessing(withImages('a', 'b'), ['a', 'b']);
    expect(processing.images.map((i) => i.status)).toEqual(['processing', 'processing']);
    const done = markProcessed(processing, 'a', 'http://x/out-a.jpg');
    expect(done.images[0]).toMatchObject({ status: 'processed', outputUrl: 'http://x/out-a.jpg' });
    expect(done.feedbackVisible).toBe(true);
  });

  it('clears the processing flag on failure without showing feedback', () => {
    const failed = markFailed(markProcessing(withImages('a'), ['a']), 'a', BUSY);
    expect(failed.images[0]?.status).toBe('error');
    expect(failed.feedbackVisible).toBe(false);
  });

  it('marks a processing image as waiting for a retry until its answer comes', () => {
    const retrying = markRetrying(markProcessing(withImages('a', 'b'), ['a']), 'a');
    expect(retrying.images.map((i) => [i.status, i.retrying])).toEqual([
      ['processing', true],
      ['uploaded', false],
    ]);
    expect(markProcessed(retrying, 'a', 'http://x/out-a.jpg').images[0]?.retrying).toBe(false);
    expect(markFailed(retrying, 'a', BUSY).images[0]?.retrying).toBe(false);
  });

  it('ignores a retry for an image that is not processing', () => {
    const state = withImages('a');
    expect(markRetrying(state, 'a')).toBe(state);
  });

  it('drops a result for an image removed while it was processing', () => {
    const removed = removeImage(markProcessing(withImages('a', 'b'), ['a']), 0);
    expect(markProcessed(removed, 'a', 'http://x/out.jpg')).toBe(removed);
  });

  it('skips processed and processing images but retries failed ones', () => {
    let state = withImages('a', 'b', 'c', 'd');
    state = markProcessed(state, 'a', 'http://x/a.jpg');
    state = markProcessing(state, ['b']);
    state = markFailed(state, 'c', BUSY);
    expect(pendingImages(state).map((i) => i.id)).toEqual(['c', 'd']);
  });

  it('adds each further room to the photo’s variations and shows it', () => {
    let state = markProcessed(withImages('a'), 'a', 'http://x/room-1.jpg');
    const [first] = state.images;
    expect(first).toMatchObject({ variations: ['http://x/room-1.jpg'] });
    expect(nextVariant(first!)).toBe(1);
    expect(canTryAnotherRoom(first!)).toBe(true);
    state = markProcessed(markProcessing(state, ['a']), 'a', 'http://x/room-2.jpg');
    expect(state.images[0]).toMatchObject({
      status: 'processed',
      outputUrl: 'http://x/room-2.jpg',
      variations: ['http://x/room-1.jpg', 'http://x/room-2.jpg'],
    });
    expect(nextVariant(state.images[0]!)).toBe(2);
  });

  it('shows one of the photo’s own rooms, and nothing else', () => {
    let state = markProcessed(withImages('a'), 'a', 'http://x/room-1.jpg');
    state = markProcessed(state, 'a', 'http://x/room-2.jpg');
    expect(showVariation(state, 'a', 'http://x/room-1.jpg').images[0]?.outputUrl).toBe('http://x/room-1.jpg');
    expect(showVariation(state, 'a', 'http://x/elsewhere.jpg')).toBe(state);
  });

  it('keeps a staged photo processed, with its rooms, when another room fails', () => {
    const staged = markProcessed(withImages('a'), 'a', 'http://x/room-1.jpg');
    const failed = markFailed(markProcessing(staged, ['a']), 'a', BUSY);
    expect(failed.images[0]).toMatchObject({ status: 'processed', variations: ['http://x/room-1.jpg'] });
    expect(pendingImages(failed)).toEqual([]);
  });

  it('offers another room only for a staged photo that is not busy, up to the last variant the API takes', () => {
    const [uploaded] = withImages('a').images;
    expect(canTryAnotherRoom(uploaded!)).toBe(false);
    const staged = markProcessed(withImages('a'), 'a', 'http://x/room-1.jpg');
    expect(canTryAnotherRoom(markProcessing(staged, ['a']).images[0]!)).toBe(false);
    const full = { ...staged.images[0]!, variations: Array.from({ length: 100 }, (_, i) => `http://x/room-${i}.jpg`) };
    expect(canTryAnotherRoom({ ...full, variations: full.variations.slice(1) })).toBe(true);
    expect(canTryAnotherRoom(full)).toBe(false);
  });

  it('hides feedback once given', () => {
    expect(hideFeedback(markProcessed(withImages('a'), 'a', 'http://x/a.jpg')).feedbackVisible).toBe(false);
  });

  it('reports the images a transition dropped', () => {
    const before = withImages('a', 'b');
    expect(droppedImages(before, removeImage(before, 1)).map((i) => i.id)).toEqual(['b']);
    expect(droppedImages(before, clearAll()).map((i) => i.id)).toEqual(['a', 'b']);
  });
});

describe('each photo’s own style and type', () => {
  const bed: StagingChoice = { style: 'scandinavian', furnitureType: 'bed', editedPrompt: null };
  const sofa: StagingChoice = { style: 'modern', furnitureType: 'sofa', editedPrompt: 'a sunny living room' };
  const auto = { mode: 'auto', customPrompt: '' } as const;

  it('starts from the choice the photo was added with', () => {
    const state = addImages(EMPTY_STUDIO, [image('a', bed), image('b', sofa)]);
    expect(state.images.map((i) => i.choice)).toEqual([bed, sofa]);
  });

  it('starts again from the generated prompt when the style or the type changes, and only then', () => {
    expect(changeChoice(sofa, { furnitureType: 'chair' })).toEqual({
      ...sofa,
      furnitureType: 'chair',
      editedPrompt: null,
    });
    expect(changeChoice(sofa, { style: 'coastal' })).toEqual({ ...sofa, style: 'coastal', editedPrompt: null });
    expect(changeChoice(sofa, { style: 'modern' })).toBe(sofa);
  });

  it('changes one photo and leaves the others alone', () => {
    const state = setImageChoice(withImages('a', 'b'), 'b', bed);
    expect(state.images.map((i) => i.choice)).toEqual([CHOICE, bed]);
  });

  it('keeps the choice of a photo being staged, which its request was built from', () => {
    const busy = markProcessing(withImages('a', 'b'), ['a']);
    expect(setImageChoice(busy, 'a', bed)).toBe(busy);
    expect(applyChoiceToAll(busy, bed).images.map((i) => i.choice)).toEqual([CHOICE, bed]);
  });

  it('applies one choice to every photo, staged ones keeping their rooms for the next', () => {
    const staged = markProcessed(withImages('a', 'b', 'c'), 'a', 'http://x/room-1.jpg');
    const state = applyChoiceToAll(staged, sofa);
    expect(state.images.map((i) => i.choice)).toEqual([sofa, sofa, sofa]);
    expect(state.images[0]).toMatchObject({ status: 'processed', variations: ['http://x/room-1.jpg'] });
  });

  it('stages each photo with its own style, type and auto prompt', () => {
    expect(stageRequestFor(image('a', bed), auto)).toEqual({
      prompt: buildAutoPrompt('scandinavian', 'bed'),
      style: 'scandinavian',
      furnitureType: 'bed',
      mode: 'auto',
    });
    expect(stageRequestFor(image('b', sofa), auto)).toMatchObject({
      prompt: 'a sunny living room',
      furnitureType: 'sofa',
    });
  });

  it('sends the custom prompt for every photo, each still with its own style and type', () => {
    const custom = { mode: 'custom', customPrompt: 'a loft with brick walls' } as const;
    expect(stageRequestFor(image('a', bed), custom)).toEqual({
      prompt: 'a loft with brick walls',
      style: 'scandinavian',
      furnitureType: 'bed',
      mode: 'custom',
    });
    expect(stageRequestFor(image('b', sofa), { mode: 'custom', customPrompt: ' ' }).prompt).toBe(
      'Custom background prompt',
    );
  });
});

describe('the engine’s guess of a photo’s type', () => {
  it('is taken while the seller has not picked the photo’s type', () => {
    const state = suggestType(withImages('a'), 'a', 'chair');
    expect(state.images[0]!.choice).toEqual({ ...CHOICE, furnitureType: 'chair' });
  });

  it('leaves a type the seller picked, alone or for all photos, and a photo being staged', () => {
    const picked = setImageChoice(withImages('a', 'b', 'c'), 'a', { ...CHOICE, furnitureType: 'bed' });
    expect(suggestType(picked, 'a', 'chair').images[0]!.choice.furnitureType).toBe('bed');
    const all = applyChoiceToAll(withImages('a'), { ...CHOICE, furnitureType: 'sofa' });
    expect(suggestType(all, 'a', 'chair').images[0]!.choice.furnitureType).toBe('sofa');
    const busy = markProcessing(withImages('a'), ['a']);
    expect(suggestType(busy, 'a', 'chair')).toBe(busy);
  });

  it('still follows a style change, which is not a type', () => {
    const styled = setImageChoice(withImages('a'), 'a', { ...CHOICE, style: 'coastal' });
    expect(suggestType(styled, 'a', 'chair').images[0]!.choice.furnitureType).toBe('chair');
  });
});

describe('the marked piece', () => {
  const box = { kind: 'box', x: 0.1, y: 0.1, width: 0.5, height: 0.5 } as const;

  it('is kept per photo until cleared', () => {
    const marked = setMark(withImages('a', 'b'), 'b', { subject: box });
    expect(marked.images.map((i) => i.subject)).toEqual([null, box]);
    expect(setMark(marked, 'b', { subject: null }).images[1]!.subject).toBeNull();
  });

  it('stays as it was sent while the photo is being staged', () => {
    const busy = markProcessing(setMark(withImages('a'), 'a', { subject: box }), ['a']);
    expect(setMark(busy, 'a', { subject: null })).toBe(busy);
  });
});
