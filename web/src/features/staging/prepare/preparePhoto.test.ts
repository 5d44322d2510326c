import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shrinkInWorker } from './prepareWorkerClient';
import { prepareHeic } from './heicWorkerClient';
import type { PhotoPreparer } from './preparePhoto';

// The workers are the browser's; here each test says what they make of a photo.
vi.mock('./prepareWorkerClient', () => ({ shrinkInWorker: vi.fn() }));
vi.mock('./heicWorkerClient', () => ({ prepareHeic: vi.fn() }));

// The setup file stands in for preparePhoto in every other test; this one is the real one.
const { preparePhoto } = await vi.importActual<{ preparePhoto: PhotoPreparer }>('./preparePhoto');

const jpegBlob = (text: string) => new Blob([text], { type: 'image/jpeg' });
const photo = new File(['camera bytes'], 'DSC_0042.JPG', { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
const heic = new File(['heic bytes'], 'IMG_0001.HEIC', { type: 'image/heic' });

beforeEach(() => {
  vi.mocked(shrinkInWorker).mockReset();
  vi.mocked(prepareHeic).mockReset();
});

describe('preparePhoto', () => {
  it('sends a photo within the limits as it is, shown from the file itself', async () => {
    vi.mocked(shrinkInWorker).mockResolvedValue(null);
    expect(await preparePhoto(photo)).toEqual({ file: photo, preview: null });
  });

  it('sends a photo above the limits as the shrunk JPEG under its own name, and shows it', async () => {
    const shrunk = jpegBlob('shrunk');
    vi.mocked(shrinkInWorker).mockResolvedValue(shrunk);
    const prepared = await preparePhoto(photo);
    expect(prepared.file).toMatchObject({ name: 'DSC_0042.jpg', type: 'image/jpeg', lastModified: photo.lastModified });
    expect(prepared.file.size).toBe('shrunk'.length);
    expect(prepared.preview).toBe(shrunk);
  });

  it('sends a HEIC within the limits as it is, shown through its decoded preview', async () => {
    const preview = jpegBlob('preview');
    vi.mocked(prepareHeic).mockResolvedValue({ preview, shrunk: null });
    expect(await preparePhoto(heic)).toEqual({ file: heic, preview });
    expect(shrinkInWorker).not.toHaveBeenCalled();
  });

  it('sends a HEIC above the limits as the shrunk JPEG', async () => {
    vi.mocked(prepareHeic).mockResolvedValue({ preview: jpegBlob('preview'), shrunk: jpegBlob('shrunk') });
    const prepared = await preparePhoto(heic);
    expect(prepared.file).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(prepared.file.size).toBe('shrunk'.length);
  });

  it('fails for a photo the browser cannot read', async () => {
    vi.mocked(shrinkInWorker).mockRejectedValue(new Error('The source image could not be decoded.'));
    await expect(preparePhoto(photo)).rejects.toThrow('could not be decoded');
  });
});
