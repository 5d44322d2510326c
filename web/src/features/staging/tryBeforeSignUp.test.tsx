/**
 * Issue 24, spec §6: a signed-out visitor stages on a local credits counter, their free tries. The
 * studio starts their anonymous session at the first photo; at 0 tries Generate offers sign-up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRIAL_CREDITS } from '@flipstage/core';
import { fakeMergedUser } from '../../test-utils/fakeBackend';
import { createFakeStagingDriver, imageFile, renderStudio, signedOutSession } from './testing/renderStudio';

vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
});

async function upload(file: File) {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [file]);
}

const counter = () => screen.getByRole('status');

describe('a signed-out visitor’s free tries', () => {
  it('are on the counter before the first photo', async () => {
    await renderStudio({ session: signedOutSession });
    expect(counter()).toHaveTextContent(`${TRIAL_CREDITS} free tries left`);
    expect(screen.getByRole('button', { name: 'Generate Selected' })).toBeEnabled();
  });

  it('start the visitor’s session with the first photo, and the counter shows what the server granted', async () => {
    const { account } = await renderStudio({ session: signedOutSession });
    await upload(imageFile('a.jpg'));
    await waitFor(() =>
      expect(account.ensureAccount).toHaveBeenCalledWith(expect.objectContaining({ isAnonymous: true })),
    );
    await waitFor(() => expect(counter()).toHaveTextContent('3 free tries left'));
  });

  it('ask the engine’s preview about the photo on the visitor’s session', async () => {
    const { backend } = await renderStudio({ session: signedOutSession, backend: createFakeStagingDriver(3) });
    await upload(imageFile('a.jpg'));
    await waitFor(() => expect(backend.preview).toHaveBeenCalledTimes(1));
  });

  it('fall by one for a staged photo, whose result shows', async () => {
    await renderStudio({ session: signedOutSession, backend: createFakeStagingDriver(TRIAL_CREDITS) });
    await upload(imageFile('a.jpg'));
    await waitFor(() => expect(counter()).toHaveTextContent('3 free tries left'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(await screen.findByRole('img', { name: 'Staged image 1' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent('2 free tries left');
  });

  it('stage a photo whose Generate was pressed while the visitor’s session was still starting', async () => {
    const { account } = await renderStudio({
      session: signedOutSession,
      backend: createFakeStagingDriver(TRIAL_CREDITS),
    });
    let started: () => void = () => {};
    const starting = new Promise<void>((resolve) => (started = resolve));
    const ensure = vi.mocked(account.ensureAccount).getMockImplementation();
    vi.mocked(account.ensureAccount).mockImplementation(async (user) => {
      await starting;
      return ensure!(user);
    });
    await upload(imageFile('a.jpg'));
    await waitFor(() => expect(account.ensureAccount).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    started();
    expect(await screen.findByRole('img', { name: 'Staged image 1' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent('2 free tries left');
  });

  it('used up, turn Generate Selected into Get Free Credits, which leads to sign-up', async () => {
    const { router, account } = await renderStudio({ session: signedOutSession });
    vi.mocked(account.ensureAccount).mockResolvedValue(fakeMergedUser({ uid: 'visitor-1', creditsRemaining: 0 }));
    await upload(imageFile('a.jpg'));
    await waitFor(() => expect(counter()).toHaveTextContent('0 free tries left'));
    await userEvent.click(screen.getByRole('button', { name: 'Get Free Credits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
  });
});
