import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@flipstage/core';
import { createFakeStagingDriver, imageFile, renderStudio, signedInSession } from '../testing/renderStudio';
import { preparePhoto, type PreparedPhoto } from './preparePhoto';

// The setup file reads every photo as it is; here each test decides what the browser makes of it.
afterEach(() =>
  vi
    .mocked(preparePhoto)
    .mockReset()
    .mockImplementation(async (file) => ({ file, preview: null })),
);

/** The browser reads photos one by one as this test settles them. */
function readByHand() {
  const reads: { file: File; settle: (photo: PreparedPhoto) => void; fail: (error: Error) => void }[] = [];
  vi.mocked(preparePhoto).mockImplementation(
    (file) => new Promise((settle, fail) => reads.push({ file, settle, fail })),
  );
  return reads;
}

function heicFile(name = 'IMG_0001.HEIC'): File {
  return new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63])], name, {
    type: 'image/heic',
  });
}

async function upload(...files: File[]) {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), files);
}

const thumbnail = (n: number) => screen.getByRole('button', { name: `Select image ${n}` }).parentElement!;

/** The object URL the studio made for `blob` (renderStudio's stand-in hands out blob:test-N). */
function objectUrlOf(blob: Blob): string {
  const mock = vi.mocked(URL.createObjectURL);
  const call = mock.mock.calls.findIndex(([made]) => made === blob);
  expect(call).toBeGreaterThanOrEqual(0);
  return mock.mock.results[call]!.value as string;
}

describe('staging studio: photos read in the browser before upload', () => {
  it('puts a photo in the strip at once, saying "Preparing…" until the browser has read it', async () => {
    const reads = readByHand();
    await renderStudio({ session: signedInSession(10) });
    const file = imageFile('camera.jpg');
    await upload(file);
    expect(within(thumbnail(1)).getByText('Preparing…')).toBeVisible();
    expect(screen.getByText('Image 1 is being prepared')).toBeInTheDocument();
    reads[0]!.settle({ file, preview: null });
    await waitFor(() => expect(within(thumbnail(1)).queryByText('Preparing…')).not.toBeInTheDocument());
  });

  it('stages the photo as the browser prepared it: the shrunk JPEG, not the camera file', async () => {
    const shrunk = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'camera.jpg', { type: 'image/jpeg' });
    vi.mocked(preparePhoto).mockImplementation(async () => ({ file: shrunk, preview: shrunk }));
    const backend = createFakeStagingDriver(10);
    await renderStudio({ session: signedInSession(10), backend });
    await upload(imageFile('camera.jpg'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Original photo 1' })).toHaveAttribute('src', objectUrlOf(shrunk)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(backend.stage.mock.calls[0]![0].file).toBe(shrunk);
  });

  it('makes a Generate pressed while the photo is being read wait for it, then stages it', async () => {
    const reads = readByHand();
    const backend = createFakeStagingDriver(10);
    await renderStudio({ session: signedInSession(10), backend });
    const file = imageFile('camera.jpg');
    await upload(file);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(backend.stage).not.toHaveBeenCalled();
    reads[0]!.settle({ file, preview: null });
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(backend.stage.mock.calls[0]![0].file).toBe(file);
    expect(await screen.findByText('Image 1 processed')).toBeInTheDocument();
  });

  it('leaves out a photo the browser cannot read, with the invalid-image message and its name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reads = readByHand();
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('broken.jpg'), imageFile('chair.jpg'));
    reads[0]!.fail(new Error('The source image could not be decoded.'));
    reads[1]!.settle({ file: reads[1]!.file, preview: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${MESSAGES.invalidImageSelected} broken.jpg could not be opened in this browser, so it was left out.`,
    );
    expect(screen.getAllByRole('button', { name: /^Select image/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Original photo 1' })).toBeInTheDocument();
  });

  it('sends nothing for an unreadable photo Generate was already waiting for', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reads = readByHand();
    const backend = createFakeStagingDriver(10);
    await renderStudio({ session: signedInSession(10), backend });
    await upload(heicFile('IMG_0002.HEIC'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    reads[0]!.fail(new Error('HEIF: unsupported codec'));
    expect(await screen.findByRole('alert')).toHaveTextContent('IMG_0002.HEIC could not be opened in this browser');
    expect(screen.queryByRole('button', { name: /^Select image/ })).not.toBeInTheDocument();
    expect(backend.stage).not.toHaveBeenCalled();
  });

  it('shows a HEIC through the preview decoded for it and stages the HEIC itself', async () => {
    const preview = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    vi.mocked(preparePhoto).mockImplementation(async (file) => ({ file, preview }));
    const backend = createFakeStagingDriver(10);
    const file = heicFile();
    await renderStudio({ session: signedInSession(10), backend });
    await upload(file);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Original photo 1' })).toHaveAttribute('src', objectUrlOf(preview)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(backend.stage.mock.calls[0]![0].file).toBe(file);
  });
});
