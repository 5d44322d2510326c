import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAutoPrompt, MESSAGES } from '@flipstage/core';
import { track } from '../../analytics/track';
import { imageFile, renderStudio, signedInSession, upload } from './testing/renderStudio';

// The studio reports to analytics; the tests read what it reported.
vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

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
