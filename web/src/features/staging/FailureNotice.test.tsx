import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StageResponse } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import type { StageImageRequest } from '../../backend/staging';
import { imageFile, renderStudio, signedInSession } from './testing/renderStudio';
import { MAYBE_STAGED, NO_ANSWER, NO_CREDIT_USED } from './failures';

vi.mock('../../analytics/track');
afterEach(() => vi.restoreAllMocks());

const staged: StageResponse = {
  editId: 'e',
  inputUrl: 'http://x/in.jpg',
  outputUrl: 'http://x/out.jpg',
  creditsRemaining: 9,
};

/** A staging driver that fails with each error in turn, then stages. */
function failingThen(...errors: Error[]) {
  return {
    stage: vi.fn(async (_request: StageImageRequest): Promise<StageResponse> => {
      const error = errors.shift();
      if (error) throw error;
      return staged;
    }),
  };
}

async function generateOne() {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), imageFile('a.jpg'));
  await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
}

const notice = () => screen.findByRole('group', { name: 'Image 1 was not staged' });

describe('a failed staging on its photo', () => {
  it('shows the server’s message on the photo’s card, says no credit was used and marks the photo failed', async () => {
    const tooLarge = new ApiError(413, MESSAGES.photoTooLarge(25));
    await renderStudio({ session: signedInSession(10), backend: failingThen(tooLarge) });
    await generateOne();
    const card = await notice();
    expect(card).toHaveTextContent(MESSAGES.photoTooLarge(25));
    expect(card).toHaveTextContent(NO_CREDIT_USED);
    expect(screen.getByText('Image 1 failed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Credits: 10');
  });

  it('offers no Retry when sending the photo again cannot help', async () => {
    await renderStudio({ session: signedInSession(10), backend: failingThen(new ApiError(402, MESSAGES.needCredits)) });
    await generateOne();
    expect(await notice()).toHaveTextContent(MESSAGES.needCredits);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says a refusal the engine explained once, in the photo’s verdict, not twice', async () => {
    const cat = MESSAGES.notFurniture('a cat');
    await renderStudio({
      session: signedInSession(10),
      backend: failingThen(new ApiError(422, cat, 1, 'not-furniture')),
    });
    await generateOne();
    expect(await screen.findByText('Image 1 failed')).toBeInTheDocument();
    expect(screen.getAllByText(cat)).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Image 1 was not staged' })).not.toBeInTheDocument();
  });

  it('retries a busy server’s failure with the same key and shows the result', async () => {
    const backend = failingThen(new ApiError(503, MESSAGES.serverBusy));
    await renderStudio({ session: signedInSession(10), backend });
    await generateOne();
    const card = await notice();
    expect(card).toHaveTextContent(MESSAGES.serverBusy);
    expect(card).toHaveTextContent(NO_CREDIT_USED);
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Image 1 processed')).toBeInTheDocument();
    expect(screen.queryByText('Image 1 failed')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Image 1 was not staged' })).not.toBeInTheDocument();
    const [first, second] = backend.stage.mock.calls.map(([request]) => request.idempotencyKey);
    expect(second).toBe(first);
  });

  it('is honest when no answer came: Retry brings back a staging that went through, without another credit', async () => {
    const backend = failingThen(new TypeError('Failed to fetch'));
    await renderStudio({ session: signedInSession(10), backend });
    await generateOne();
    const card = await notice();
    expect(card).toHaveTextContent(NO_ANSWER);
    expect(card).toHaveTextContent(MAYBE_STAGED);
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(2));
    expect(backend.stage.mock.calls[1]![0].idempotencyKey).toBe(backend.stage.mock.calls[0]![0].idempotencyKey);
  });
});
