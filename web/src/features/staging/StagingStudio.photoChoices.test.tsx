import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAutoPrompt, type StageResponse } from '@flipstage/core';
import type { StageImageRequest } from '../../backend/staging';
import { track } from '../../analytics/track';
import { imageFile, renderStudio, signedInSession, upload, thumbnail, deferred } from './testing/renderStudio';

// The studio reports to analytics; the tests read what it reported.
vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
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
