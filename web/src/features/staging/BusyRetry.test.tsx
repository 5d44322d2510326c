import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StageResponse } from '@flipstage/core';
import type { StageImageRequest } from '../../backend/staging';
import { imageFile, renderStudio, signedInSession } from './testing/renderStudio';

vi.mock('../../analytics/track');
afterEach(() => {
  vi.restoreAllMocks();
});

const staged: StageResponse = {
  editId: 'e',
  inputUrl: 'http://x/in.jpg',
  outputUrl: 'http://x/out.jpg',
  creditsRemaining: 9,
};

/**
 * A staging driver behind the port whose backend is busy at first: it reports a retry, as apiFetch
 * does before waiting, then answers when the test lets it.
 */
function busyStagingDriver() {
  let answer!: (response: StageResponse) => void;
  const stage = vi.fn(
    (request: StageImageRequest) =>
      new Promise<StageResponse>((resolve) => {
        request.onRetry?.({ attempt: 2, delayMs: 2000, status: 429 });
        answer = resolve;
      }),
  );
  return { driver: { stage }, answer: (response: StageResponse) => answer(response) };
}

describe('staging studio: a busy backend', () => {
  it('says the server is busy and retrying on the photo while its request waits', async () => {
    const busy = busyStagingDriver();
    await renderStudio({ session: signedInSession(10), backend: busy.driver });
    await userEvent.upload(screen.getByLabelText('Upload furniture photos'), imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    expect(await screen.findByText('The server is busy, retrying…')).toBeInTheDocument();
    expect(screen.getByText('Image 1 busy, retrying')).toBeInTheDocument();
  });

  it('drops the busy text once the answer comes', async () => {
    const busy = busyStagingDriver();
    await renderStudio({ session: signedInSession(10), backend: busy.driver });
    await userEvent.upload(screen.getByLabelText('Upload furniture photos'), imageFile('a.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await screen.findByText('The server is busy, retrying…');
    busy.answer(staged);
    expect(await screen.findByText('Image 1 processed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The server is busy, retrying…')).not.toBeInTheDocument());
  });
});
