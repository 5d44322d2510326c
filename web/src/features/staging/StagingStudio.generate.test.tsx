import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type MergedUser, type StageResponse } from '@flipstage/core';
import { refreshMergedUser } from '../../backend/session';
import type { StageImageRequest } from '../../backend/staging';
import { track } from '../../analytics/track';
import { imageFile, renderStudio, signedInSession, upload, thumbnail, deferred } from './testing/renderStudio';

// The studio reports to analytics; the tests read what it reported.
vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

describe('staging studio: Generate Selected', () => {
  it('asks for an image first', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploadAtLeastOne);
  });

  it('tells a signed-in user without credits that credits are needed', async () => {
    const { backend } = await renderStudio({ session: signedInSession(0) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Get Free Credits' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.needCredits);
    expect(backend.stage).not.toHaveBeenCalled();
  });

  it('points a signed-in user without credits to the plans', async () => {
    await renderStudio({ session: signedInSession(0) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Get Free Credits' }));
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });

  it('stages the selected image with the chosen style and an idempotency key', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Industrial' }));
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    const request = vi.mocked(backend.stage).mock.calls[0]![0];
    expect(request).toMatchObject({ style: 'industrial', furnitureType: 'dresser', mode: 'auto' });
    expect(request.file.name).toBe('b.jpg');
    expect(request.idempotencyKey).toMatch(/^id-/);
  });

  it('dims the image with a spinner while it is processing', async () => {
    const pending = deferred<StageResponse>();
    await renderStudio({ session: signedInSession(10), backend: { stage: vi.fn(() => pending.promise) } });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(thumbnail(1)).toHaveAttribute('data-status', 'processing');
    expect(screen.getByText('Image 1 processing')).toBeInTheDocument();
    pending.resolve({ editId: 'e', inputUrl: 'http://x/in.jpg', outputUrl: 'http://x/out.jpg', creditsRemaining: 9 });
    await waitFor(() => expect(thumbnail(1)).toHaveAttribute('data-status', 'processed'));
  });

  it('marks the image processed, shows the result and takes the balance from the API', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(await screen.findByText('Image 1 processed')).toBeInTheDocument();
    expect(thumbnail(1)).toHaveAttribute('data-status', 'processed');
    expect(screen.getByRole('img', { name: 'Staged image 1' })).toHaveAttribute(
      'src',
      'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 9');
    for (const name of ['Download', 'Share', 'List on Marketplace', 'Thumbs up', 'Thumbs down']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Before and after comparison' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show staged image 1' })).toBeInTheDocument();
  });

  it('keeps the balance from the staging answer over an account read that was already under way', async () => {
    const { queryClient, account } = await renderStudio({ session: signedInSession(10) });
    let answerRead!: (user: MergedUser) => void;
    vi.mocked(account.readMergedUser).mockImplementationOnce(() => new Promise((resolve) => (answerRead = resolve)));
    void refreshMergedUser(queryClient);
    await waitFor(() => expect(account.readMergedUser).toHaveBeenCalled());
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 9');
    answerRead(signedInSession(10).user!);
    // Long enough for the stale answer to reach the screen, had it not been cancelled.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 9');
  });

  it('skips an image that is already processed', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(backend.stage).toHaveBeenCalledTimes(1);
  });

  it('clears the processing flag on failure, logs and tracks the message, and shows no alert', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderStudio({
      session: signedInSession(10),
      backend: { stage: vi.fn(async () => Promise.reject(new Error('The staging service is down'))) },
    });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(thumbnail(1)).toHaveAttribute('data-status', 'error'));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('The staging service is down'));
    expect(vi.mocked(track)).toHaveBeenCalledWith('image_processing_error', {
      category: 'staging',
      error_message: 'The staging service is down',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 10');
    error.mockRestore();
  });

  it("tracks 'Unknown processing error' when the failure has no message", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderStudio({
      session: signedInSession(10),
      backend: { stage: vi.fn(async () => Promise.reject(new Error(''))) },
    });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() =>
      expect(vi.mocked(track)).toHaveBeenCalledWith('image_processing_error', {
        category: 'staging',
        error_message: MESSAGES.unknownProcessingError,
      }),
    );
    error.mockRestore();
  });
});

describe('staging studio: Generate All', () => {
  it('counts the unprocessed images in its label', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'), imageFile('c.jpg'));
    expect(screen.getByRole('button', { name: 'Generate All (3)' })).toBeInTheDocument();
  });

  it('needs a credit for every unprocessed image', async () => {
    const { backend } = await renderStudio({ session: signedInSession(2) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'), imageFile('c.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (3)' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.needCreditsForAll(3, 2));
    expect(backend.stage).not.toHaveBeenCalled();
  });

  it('asks for confirmation and does nothing when cancelled', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmGenerateAll(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.stage).not.toHaveBeenCalled();
  });

  it('stages every unprocessed image with its own key once confirmed, and credits fall by the number processed', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'), imageFile('c.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (2)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Image 3 processed');
    expect(screen.getByText('Image 2 processed')).toBeInTheDocument();
    const calls = vi.mocked(backend.stage).mock.calls.map(([request]: [StageImageRequest]) => request);
    expect(calls.map((r) => r.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(new Set(calls.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 7');
    expect(screen.getByRole('button', { name: 'Generate All (0)' })).toBeInTheDocument();
  });

  it('asks for an image first when the strip is empty', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (0)' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploadAtLeastOne);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.stage).not.toHaveBeenCalled();
  });

  it('says when every image is already processed', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (0)' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.allProcessed);
  });
});
