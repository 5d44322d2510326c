import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeStagingDriver, imageFile, renderStudio, signedInSession } from '../testing/renderStudio';
import { previewHeicInWorker, type HeicPreviewer } from './heicFiles';

// The worker's decoder is the browser's; here each test decides what it makes of a HEIC.
vi.mock('./heicFiles', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./heicFiles')>()),
  previewHeicInWorker: vi.fn<HeicPreviewer>(
    async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  ),
}));
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(previewHeicInWorker).mockReset();
});

/** The studio decodes HEIC previews with `preview` from here on. */
function decodeWith(preview: HeicPreviewer) {
  vi.mocked(previewHeicInWorker).mockImplementation(preview);
  return vi.mocked(previewHeicInWorker);
}

function heicFile(name = 'IMG_0001.HEIC'): File {
  return new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63])], name, {
    type: 'image/heic',
  });
}

async function upload(...files: File[]) {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), files);
}

/** The object URL the studio made for `blob` (renderStudio's stand-in hands out blob:test-N). */
function objectUrlOf(blob: Blob): string {
  const mock = vi.mocked(URL.createObjectURL);
  const call = mock.mock.calls.findIndex(([made]) => made === blob);
  expect(call).toBeGreaterThanOrEqual(0);
  return mock.mock.results[call]!.value as string;
}

describe('staging studio: HEIC photos', () => {
  it('shows a HEIC through the preview decoded for it', async () => {
    const preview = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const previewHeic = decodeWith(async () => preview);
    const file = heicFile();
    await renderStudio({ session: signedInSession(10) });
    await upload(file);
    const original = await screen.findByRole('img', { name: 'Original photo 1' });
    expect(previewHeic).toHaveBeenCalledWith(file);
    expect(original).toHaveAttribute('src', objectUrlOf(preview));
  });

  it('stages the original HEIC bytes, not the preview', async () => {
    const backend = createFakeStagingDriver(10);
    const file = heicFile();
    await renderStudio({ session: signedInSession(10), backend });
    await upload(file);
    await screen.findByRole('img', { name: 'Original photo 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(backend.stage.mock.calls[0]![0].file).toBe(file);
  });

  it('leaves out a HEIC the browser cannot decode and names it next to the upload area', async () => {
    decodeWith(async () => {
      throw new Error('HEIF: unsupported codec');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderStudio({ session: signedInSession(10) });
    await upload(heicFile('IMG_0002.HEIC'), imageFile('chair.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'IMG_0002.HEIC could not be opened in this browser, so it was left out. Export it as JPEG or PNG and add it again.',
    );
    expect(screen.getAllByRole('button', { name: /^Select image/ })).toHaveLength(1);
  });

  it('says a HEIC is being prepared while its preview decodes', async () => {
    let finish!: (blob: Blob) => void;
    decodeWith(() => new Promise((resolve) => (finish = resolve)));
    await renderStudio({ session: signedInSession(10) });
    await upload(heicFile());
    expect(screen.getByText('Preparing a HEIC photo for preview…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: /^Select image/ })).not.toBeInTheDocument();
    finish(new Blob([], { type: 'image/jpeg' }));
    expect(await screen.findByRole('button', { name: 'Select image 1' })).toBeInTheDocument();
    expect(screen.queryByText('Preparing a HEIC photo for preview…')).not.toBeInTheDocument();
  });
});
