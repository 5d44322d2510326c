import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { track } from '../../analytics/track';
import { loadLastChoice, saveLastChoice } from './lastChoice';
import {
  createFakeStagingDriver,
  imageFile,
  OK_PREVIEW,
  previewAnswering,
  renderStudio,
  signedInSession,
} from './testing/renderStudio';

vi.mock('../../analytics/track');
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

async function upload() {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [imageFile('a.jpg')]);
}

describe('the prompt panel’s modes', () => {
  it('shows only the prompt box in Custom Prompt mode, without the style and type chips', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Custom Prompt' }));
    expect(screen.getByRole('textbox', { name: 'Custom prompt' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Design style' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Furniture type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Generated prompt' })).not.toBeInTheDocument();
  });

  it('brings the chips back in Auto Prompt mode', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Custom Prompt' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Auto Prompt' }));
    expect(screen.getByRole('radiogroup', { name: 'Design style' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Furniture type' })).toBeInTheDocument();
  });
});

describe('the seller’s last choice', () => {
  it('starts the studio from the style and type this seller chose on an earlier visit', async () => {
    await renderStudio({ session: signedInSession(10), lastChoice: { style: 'farmhouse', furnitureType: 'bed' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Farmhouse' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Bed' })).toBeChecked();
  });

  it('remembers a new style for this seller', async () => {
    await renderStudio({ session: signedInSession(10) });
    await userEvent.click(screen.getByRole('radio', { name: 'Coastal' }));
    expect(loadLastChoice('user-1')).toEqual({ style: 'coastal', furnitureType: 'dresser' });
  });

  it('keeps each seller’s choice apart on the same browser', () => {
    saveLastChoice('user-2', { style: 'farmhouse', furnitureType: 'bed' });
    expect(loadLastChoice('user-1')).toBeNull();
    expect(loadLastChoice('user-2')).toEqual({ style: 'farmhouse', furnitureType: 'bed' });
  });

  it('ignores a stored choice that is no longer in the catalogue', () => {
    localStorage.setItem('flipstage.lastChoice.user-1', JSON.stringify({ style: 'gothic', furnitureType: 'bed' }));
    expect(loadLastChoice('user-1')).toBeNull();
  });
});

describe('the furniture type a photo starts with', () => {
  it('says the type was suggested from the photo', async () => {
    const preview = previewAnswering({ ...OK_PREVIEW, suggestedType: 'chair' });
    await renderStudio({ session: signedInSession(10), backend: { ...createFakeStagingDriver(10), preview } });
    await upload();
    expect(
      await screen.findByText('Accent Chair was suggested from the photo. Choose another type if that is wrong.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Accent Chair' })).toBeChecked();
  });

  it('keeps the seller’s last type when the engine has no suggestion, and says so', async () => {
    await renderStudio({ session: signedInSession(10), lastChoice: { style: 'modern', furnitureType: 'sofa' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Sofa/Couch' })).toBeChecked());
    await upload();
    expect(
      await screen.findByText(
        'The photo did not say which type this is, so it keeps your last type, Sofa/Couch. Choose another if that is wrong.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sofa/Couch' })).toBeChecked();
  });

  it('starts a photo added later from the seller’s last type, not the engine’s guess for the photo on show', async () => {
    const preview = vi.fn(async (file: File) => ({
      ...OK_PREVIEW,
      suggestedType: file.name === 'chair.jpg' ? ('chair' as const) : null,
    }));
    await renderStudio({
      session: signedInSession(10),
      backend: { ...createFakeStagingDriver(10), preview },
      lastChoice: { style: 'modern', furnitureType: 'bed' },
    });
    await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [imageFile('chair.jpg')]);
    await screen.findByText(/Accent Chair was suggested from the photo/);
    await userEvent.upload(screen.getByLabelText('Add more furniture photos'), [imageFile('plain.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    expect(await screen.findByText(/so it keeps your last type, Bed\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bed' })).toBeChecked();
  });

  it('says nothing about where the type came from once the seller picks one', async () => {
    const preview = previewAnswering({ ...OK_PREVIEW, suggestedType: 'chair' });
    await renderStudio({ session: signedInSession(10), backend: { ...createFakeStagingDriver(10), preview } });
    await upload();
    await screen.findByText(/was suggested from the photo/);
    await userEvent.click(screen.getByRole('radio', { name: 'Desk' }));
    expect(screen.queryByText(/was suggested from the photo/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Desk' })).toBeChecked();
  });
});
