import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageResponse } from '@flipstage/core';
import { track } from '../../analytics/track';
import { createFakeStagingDriver, imageFile, renderStudio, signedInSession } from './testing/renderStudio';

vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

async function upload(...names: string[]) {
  await userEvent.upload(
    screen.getByLabelText('Upload furniture photos'),
    names.map((name) => imageFile(name)),
  );
}

function answered(n: number): StageResponse {
  return {
    editId: `edit-${n}`,
    inputUrl: `http://x/in-${n}.jpg`,
    outputUrl: `http://x/out-${n}.jpg`,
    creditsRemaining: 10 - n,
  };
}

describe('the result when it is ready', () => {
  it('scrolls the staged result into view and moves focus to it', async () => {
    let answer!: (response: StageResponse) => void;
    const stage = vi.fn(() => new Promise<StageResponse>((resolve) => (answer = resolve)));
    await renderStudio({ session: signedInSession(10), backend: { stage } });
    await upload('a.jpg');
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(scroll).not.toHaveBeenCalled();
    // The panel reveals a staging it saw running: on a busy machine its chunk can still be loading.
    await screen.findByText('Staging your piece…');
    answer(answered(1));
    const result = await screen.findByRole('region', { name: 'Staged result for image 1' });
    await waitFor(() => expect(result).toHaveFocus());
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(result);
    expect(result).toContainElement(screen.getByRole('img', { name: 'Staged image 1' }));
  });

  it('leaves focus alone when the seller selects a photo staged earlier', async () => {
    await renderStudio({ session: signedInSession(10), backend: createFakeStagingDriver(10) });
    await upload('a.jpg', 'b.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByRole('img', { name: 'Staged image 1' });
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Select image 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select image 1' }));
    expect(screen.getByRole('button', { name: 'Select image 1' })).toHaveFocus();
    expect(scroll).not.toHaveBeenCalled();
  });

  it('puts Try another room right beside Download', async () => {
    await renderStudio({ session: signedInSession(10), backend: createFakeStagingDriver(10) });
    await upload('a.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    const download = await screen.findByRole('button', { name: 'Download' });
    const actions = [...download.parentElement!.querySelectorAll('button')].map((b) => b.textContent);
    expect(actions.slice(0, 2)).toEqual(['Download', 'Try another room']);
  });
});
