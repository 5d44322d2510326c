import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { addFilesAtom, removeImageAtom, studioAtom } from '../studioAtoms';
import { photoPreparedAtom, photoUnreadableAtom, unreadableFilesAtom } from './prepareAtoms';
import { firstPreviewUrl } from './firstPreview';

let urls = 0;
URL.createObjectURL = vi.fn(() => `blob:made-${++urls}`);
URL.revokeObjectURL = vi.fn();
beforeEach(() => vi.mocked(URL.revokeObjectURL).mockClear());

const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const heic = (name: string) => new File(['x'], name, { type: 'image/heic' });
let n = 0;
const newPhotos = { id: () => `id-${++n}`, previewUrl: firstPreviewUrl };

function added(store: ReturnType<typeof createStore>, ...files: File[]) {
  return store.set(addFilesAtom, files, newPhotos);
}

describe('adding photos', () => {
  it('puts each photo in the strip at once, preparing, with the file itself as its preview', () => {
    const store = createStore();
    const [photo] = added(store, jpeg('a.jpg'));
    expect(photo).toMatchObject({ preparing: true, previewUrl: expect.stringMatching(/^blob:made-/) });
    expect(store.get(studioAtom).images).toEqual([photo]);
  });

  it('shows nothing for a HEIC until its preview is decoded, not a broken picture', () => {
    const store = createStore();
    const [photo] = added(store, heic('IMG_0001.HEIC'));
    expect(photo!.previewUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(photo!.preparing).toBe(true);
  });
});

describe('a photo read by the browser', () => {
  it('is staged as prepared and keeps its preview when the file itself shows', () => {
    const store = createStore();
    const [photo] = added(store, jpeg('a.jpg'));
    store.set(photoPreparedAtom, photo!.id, { file: photo!.file, preview: null });
    expect(store.get(studioAtom).images[0]).toMatchObject({
      preparing: false,
      file: photo!.file,
      previewUrl: photo!.previewUrl,
    });
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  });

  it('is staged as the shrunk file and shows the prepared preview, releasing the first one', () => {
    const store = createStore();
    const [photo] = added(store, jpeg('big.jpg'));
    const shrunk = jpeg('big-shrunk.jpg');
    store.set(photoPreparedAtom, photo!.id, { file: shrunk, preview: shrunk });
    const image = store.get(studioAtom).images[0]!;
    expect(image).toMatchObject({ preparing: false, file: shrunk });
    expect(image.previewUrl).not.toBe(photo!.previewUrl);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(photo!.previewUrl);
  });

  it('is forgotten when it was removed while being read', () => {
    const store = createStore();
    const [photo] = added(store, jpeg('a.jpg'));
    store.set(removeImageAtom, 0);
    store.set(photoPreparedAtom, photo!.id, { file: photo!.file, preview: jpeg('p.jpg') });
    expect(store.get(studioAtom).images).toEqual([]);
  });
});

describe('a photo the browser cannot read', () => {
  it('leaves the strip, releases its preview and is named', () => {
    const store = createStore();
    const [bad, good] = added(store, jpeg('broken.jpg'), jpeg('fine.jpg'));
    store.set(photoUnreadableAtom, bad!.id);
    expect(store.get(studioAtom).images.map((img) => img.file.name)).toEqual(['fine.jpg']);
    expect(store.get(studioAtom).images[0]!.id).toBe(good!.id);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(bad!.previewUrl);
    expect(store.get(unreadableFilesAtom)).toEqual(['broken.jpg']);
  });

  it('names every unreadable photo of the batch', () => {
    const store = createStore();
    const photos = added(store, jpeg('a.jpg'), heic('b.HEIC'));
    for (const photo of photos) store.set(photoUnreadableAtom, photo.id);
    expect(store.get(unreadableFilesAtom)).toEqual(['a.jpg', 'b.HEIC']);
    expect(store.get(studioAtom).images).toEqual([]);
  });
});
