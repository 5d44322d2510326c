import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAutoPrompt, MESSAGES, type MergedUser, type StageResponse } from '@flipstage/core';
import { refreshMergedUser } from '../../backend/session';
import type { StageImageRequest } from '../../backend/staging';
import { track } from '../../analytics/track';
import {
  createFakeStagingDriver,
  imageFile,
  renderStudio,
  signedInSession,
} from './testing/renderStudio';

// The studio reports to analytics; the tests read what it reported.
vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

async function upload(...files: File[]) {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), files);
}

function thumbnail(n: number) {
  return screen.getByRole('button', { name: `Select image ${n}` }).parentElement!;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('staging studio: upload and the thumbnail strip', () => {
  it('keeps only image files from an upload', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(
      imageFile('a.jpg'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      imageFile('b.png', 'image/png'),
    );
    expect(screen.getAllByRole('button', { name: /^Select image/ })).toHaveLength(2);
  });

  it('says so when none of the files is an image', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noValidImages);
    expect(screen.queryByRole('button', { name: /^Select image/ })).not.toBeInTheDocument();
  });

  it('selects the first upload and shows it as the original', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    expect(screen.getByRole('button', { name: 'Select image 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Original photo 1' })).toBeInTheDocument();
  });

  it('shows the image picked in the strip', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    expect(screen.getByRole('img', { name: 'Original photo 2' })).toBeInTheDocument();
  });

  it('adds more images with Add More', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.upload(screen.getByLabelText('Add more furniture photos'), [imageFile('b.jpg')]);
    expect(screen.getAllByRole('button', { name: /^Select image/ })).toHaveLength(2);
  });

  it('removes an image with its × button', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('button', { name: /^Select image/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Original photo 1' })).toBeInTheDocument();
  });

  it('empties the studio with Clear All', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('button', { name: /^Select image/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All (0)' })).toBeInTheDocument();
  });
});

describe('staging studio: prompts', () => {
  it('builds the prompt from the chosen style and furniture type', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Farmhouse' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Accent Chair' }));
    expect(screen.getByLabelText('Generated prompt')).toHaveValue(buildAutoPrompt('farmhouse', 'chair'));
  });

  it('offers the 8 styles and 8 furniture types', async () => {
    await renderStudio({ session: signedInSession(10) });
    const styles = screen.getByRole('radiogroup', { name: 'Design style' });
    const types = screen.getByRole('radiogroup', { name: 'Furniture type' });
    expect(within(styles).getAllByRole('radio')).toHaveLength(8);
    expect(within(types).getAllByRole('radio')).toHaveLength(8);
  });

  it('lets the generated prompt be edited between Edit Prompt and Done Editing', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    const prompt = screen.getByLabelText('Generated prompt');
    expect(prompt).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Prompt' }));
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'a moody library');
    await userEvent.click(screen.getByRole('button', { name: 'Done Editing' }));
    expect(prompt).toHaveAttribute('readonly');
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalled());
    expect(vi.mocked(backend.stage).mock.calls[0]![0].prompt).toBe('a moody library');
  });

  it('sends the custom prompt in Custom Prompt mode, falling back when it is empty', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByText('Custom Prompt'));
    expect(screen.getByLabelText('Custom prompt')).toBeInTheDocument();
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalled());
    expect(vi.mocked(backend.stage).mock.calls[0]![0]).toMatchObject({
      prompt: 'Custom background prompt',
      mode: 'custom',
    });
  });
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

describe('staging studio: each photo’s own style and type', () => {
  function caption(n: number) {
    return thumbnail(n).nextElementSibling;
  }

  it('starts new photos with the choice on show and names it under each thumbnail', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Coastal' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Sofa/Couch' }));
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    expect(caption(1)).toHaveTextContent('Sofa/CouchCoastal');
    expect(caption(2)).toHaveTextContent('Sofa/CouchCoastal');
    expect(screen.getByRole('button', { name: 'Select image 1' })).toHaveAccessibleDescription('Sofa/Couch Coastal');
  });

  it('shows and changes the selected photo’s own choice and prompt', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    expect(screen.getByRole('radiogroup', { name: 'Design style' })).toHaveAccessibleDescription(
      'Style and type for image 2.',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Bed' }));
    expect(screen.getByLabelText('Generated prompt')).toHaveValue(buildAutoPrompt('modern', 'bed'));
    expect(caption(1)).toHaveTextContent('Dresser/CabinetModern');
    expect(caption(2)).toHaveTextContent('BedModern');
    await userEvent.click(screen.getByRole('button', { name: 'Select image 1' }));
    expect(screen.getByRole('radio', { name: 'Dresser/Cabinet' })).toBeChecked();
    expect(screen.getByLabelText('Generated prompt')).toHaveValue(buildAutoPrompt('modern', 'dresser'));
  });

  it('applies the selected photo’s choice to every photo', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'), imageFile('b.jpg'), imageFile('c.jpg'));
    await userEvent.click(screen.getByRole('radio', { name: 'Industrial' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Desk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all images' }));
    for (const n of [1, 2, 3]) expect(caption(n)).toHaveTextContent('DeskIndustrial');
  });

  it('stages a mixed batch with Generate All, each photo with its own type, style and prompt', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('bed.jpg'), imageFile('sofa.jpg'), imageFile('bookcase.jpg'));
    await userEvent.click(screen.getByRole('radio', { name: 'Bed' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Scandinavian' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Sofa/Couch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Prompt' }));
    const prompt = screen.getByLabelText('Generated prompt');
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'a bright living room');
    await userEvent.click(screen.getByRole('button', { name: 'Done Editing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 3' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Bookcase/Shelf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (3)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Image 3 processed');
    const calls = vi.mocked(backend.stage).mock.calls.map(([request]: [StageImageRequest]) => request);
    expect(
      calls.map(({ file, style, furnitureType, prompt }) => ({ file: file.name, style, furnitureType, prompt })),
    ).toEqual([
      { file: 'bed.jpg', style: 'scandinavian', furnitureType: 'bed', prompt: buildAutoPrompt('scandinavian', 'bed') },
      { file: 'sofa.jpg', style: 'modern', furnitureType: 'sofa', prompt: 'a bright living room' },
      {
        file: 'bookcase.jpg',
        style: 'modern',
        furnitureType: 'bookcase',
        prompt: buildAutoPrompt('modern', 'bookcase'),
      },
    ]);
  });

  it('locks the choice of a photo while it is being staged', async () => {
    const pending = deferred<StageResponse>();
    await renderStudio({ session: signedInSession(10), backend: { stage: vi.fn(() => pending.promise) } });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(screen.getByRole('radio', { name: 'Bed' })).toBeDisabled();
    expect(screen.getByText('Image 1 is being staged with this style and type.')).toBeInTheDocument();
    pending.resolve({ editId: 'e', inputUrl: 'http://x/in.jpg', outputUrl: 'http://x/out.jpg', creditsRemaining: 9 });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Bed' })).toBeEnabled());
  });

  it('keeps the style and type choosers to one tab stop each, moved with the arrow keys', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Modern' }));
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Dresser/Cabinet' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Modern' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Mid-Century Modern' })).toBeChecked();
    expect(screen.getByLabelText('Generated prompt')).toHaveValue(buildAutoPrompt('midcentury', 'dresser'));
  });

  it('sends the custom prompt with each photo’s own type, chosen before the chips were hidden', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload(imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('radio', { name: 'Desk' }));
    await userEvent.click(screen.getByText('Custom Prompt'));
    await userEvent.type(screen.getByLabelText('Custom prompt'), 'a loft with brick walls');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalled());
    expect(vi.mocked(backend.stage).mock.calls[0]![0]).toMatchObject({
      prompt: 'a loft with brick walls',
      furnitureType: 'desk',
      mode: 'custom',
    });
  });
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
