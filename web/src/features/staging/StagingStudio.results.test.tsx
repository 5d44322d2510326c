import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAutoPrompt, MESSAGES, type StageResponse } from '@flipstage/core';
import type { StageImageRequest } from '../../backend/staging';
import { track } from '../../analytics/track';
import {
  createFakeStagingDriver,
  imageFile,
  renderStudio,
  signedInSession,
  upload,
  thumbnail,
} from './testing/renderStudio';

// The studio reports to analytics; the tests read what it reported.
vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

describe('staging studio: results and feedback', () => {
  async function generateOne() {
    const rendered = await renderStudio({ session: signedInSession(10), backend: createFakeStagingDriver(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    return rendered;
  }

  it('hides the feedback buttons after a thumbs up', async () => {
    await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs up' }));
    expect(screen.queryByRole('button', { name: 'Thumbs up' })).not.toBeInTheDocument();
    expect(vi.mocked(track)).toHaveBeenCalledWith('feedback_submitted', { category: 'staging', rating: 'positive' });
  });

  it('offers the tips after a thumbs down', async () => {
    const { router } = await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs down' }));
    expect(screen.queryByRole('button', { name: 'Thumbs down' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.feedbackDialogTitle });
    expect(within(dialog).getByRole('button', { name: 'No, thanks' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, show me tips' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tips'));
  });

  it('closes the tips dialog with No, thanks', async () => {
    await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs down' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.feedbackDialogTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the result to a new marketplace listing, with the image edit it was saved as', async () => {
    const { router } = await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'List on Marketplace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    expect(router.state.location.search).toEqual({
      image: 'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg',
      edit: 'edit-1',
    });
  });

  it('offers the networks’ sharing windows for the result', async () => {
    await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    // hidden: jsdom lays nothing out, so Mantine may hide the open menu as if its button were off screen.
    const facebook = await screen.findByRole('menuitem', { name: 'Facebook', hidden: true });
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook.getAttribute('href')).toContain(
      encodeURIComponent('http://127.0.0.1:5050/blobs/image_edits/out-1.jpg'),
    );
  });

  it('resets feedback when the last image is removed', async () => {
    await generateOne();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('button', { name: 'Thumbs up' })).not.toBeInTheDocument();
  });

  it('says when the original image cannot be displayed', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    fireEvent.error(screen.getByRole('img', { name: 'Original photo 1' }));
    expect(screen.getByText(MESSAGES.originalImageError)).toBeInTheDocument();
  });

  it('says when the staged image cannot be displayed', async () => {
    await generateOne();
    fireEvent.error(screen.getByRole('img', { name: 'Staged image 1' }));
    expect(screen.getByText(MESSAGES.selectedImageDisplayError)).toBeInTheDocument();
  });
});

describe('staging studio: Try another room', () => {
  async function stageOne(credits: number) {
    const rendered = await renderStudio({ session: signedInSession(credits) });
    await userEvent.click(screen.getByRole('radio', { name: 'Farmhouse' }));
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    return rendered;
  }

  it('stages the photo again with its own style and type, the next variant and a fresh key, and shows the rooms side by side', async () => {
    const { backend } = await stageOne(10);
    await userEvent.upload(screen.getByLabelText('Add more furniture photos'), [imageFile('b.jpg')]);
    // Another photo's choice is that photo's own; image 1's rooms keep image 1's.
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Industrial' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    const rooms = await screen.findByRole('list', { name: 'Rooms for image 1' });
    const [first, second] = vi.mocked(backend.stage).mock.calls.map(([request]: [StageImageRequest]) => request);
    expect(first).toMatchObject({ style: 'farmhouse', variant: 0 });
    expect(second).toMatchObject({ style: 'farmhouse', furnitureType: 'dresser', prompt: first!.prompt, variant: 1 });
    expect(second!.file).toBe(first!.file);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 8');

    expect(within(rooms).getAllByRole('listitem')).toHaveLength(2);
    expect(within(rooms).getByRole('button', { name: 'Show room 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Staged image 1' })).toHaveAttribute(
      'src',
      'http://127.0.0.1:5050/blobs/image_edits/out-2.jpg',
    );
    await userEvent.click(within(rooms).getByRole('button', { name: 'Show room 1' }));
    expect(screen.getByRole('img', { name: 'Staged image 1' })).toHaveAttribute(
      'src',
      'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg',
    );
    expect(within(rooms).getByRole('button', { name: 'Download room 1' })).toBeInTheDocument();
    expect(within(rooms).getByRole('button', { name: 'Download room 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    await waitFor(() => expect(within(rooms).getAllByRole('listitem')).toHaveLength(3));
    expect(vi.mocked(backend.stage).mock.calls[2]![0].variant).toBe(2);
  });

  it('stages the next room with the type the photo was changed to after staging', async () => {
    const { backend } = await stageOne(10);
    await userEvent.click(screen.getByRole('radio', { name: 'Bed' }));
    expect(thumbnail(1).nextElementSibling).toHaveTextContent('BedFarmhouse');
    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(2));
    expect(vi.mocked(backend.stage).mock.calls[1]![0]).toMatchObject({
      style: 'farmhouse',
      furnitureType: 'bed',
      prompt: buildAutoPrompt('farmhouse', 'bed'),
      variant: 1,
    });
  });

  it('shows no rooms strip for a photo staged once', async () => {
    await stageOne(10);
    expect(screen.getByRole('button', { name: 'Try another room' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Rooms for image 1' })).not.toBeInTheDocument();
  });

  it('needs a credit like Generate does', async () => {
    const { backend } = await stageOne(1);
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 0');
    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.needCredits);
    expect(backend.stage).toHaveBeenCalledTimes(1);
  });

  it('keeps the photo’s room when another room fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stage = vi
      .fn<(request: StageImageRequest) => Promise<StageResponse>>()
      .mockResolvedValueOnce({
        editId: 'e1',
        inputUrl: 'http://x/in.jpg',
        outputUrl: 'http://x/out-1.jpg',
        creditsRemaining: 9,
      })
      .mockRejectedValueOnce(new Error('The staging service is down'));
    await renderStudio({ session: signedInSession(10), backend: { stage } });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('Image 1 processed');
    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    await waitFor(() => expect(stage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try another room' })).toBeEnabled());
    expect(thumbnail(1)).toHaveAttribute('data-status', 'processed');
    expect(screen.getByRole('img', { name: 'Staged image 1' })).toHaveAttribute('src', 'http://x/out-1.jpg');
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 9');
    error.mockRestore();
  });
});
