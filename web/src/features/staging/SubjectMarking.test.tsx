import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type StagePreview } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import type { StudioMark } from '../../backend/staging';
import { track } from '../../analytics/track';
import {
  createFakeStagingDriver,
  imageFile,
  OK_PREVIEW,
  previewAnswering,
  renderStudio,
  signedInSession,
} from './testing/renderStudio';

vi.mock('../../analytics/track');

// jsdom lays nothing out: the photo's frame is 400 × 300 px at the page's corner.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 300 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(track).mockClear();
});

const UNSURE: StagePreview = {
  verdict: 'unsure',
  message: MESSAGES.unsureSubject,
  suggestedType: null,
  outline: [],
};
const CAT: StagePreview = {
  verdict: 'not-furniture',
  message: MESSAGES.notFurniture('a cat'),
  seen: 'a cat',
  suggestedType: null,
  outline: [],
};

async function upload(name = 'a.jpg') {
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [imageFile(name)]);
}

function markingArea() {
  return screen.getByRole('application', { name: 'Mark the piece on photo 1' });
}

function drag(from: [number, number], to: [number, number]) {
  const area = markingArea();
  fireEvent.pointerDown(area, { button: 0, pointerId: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(area, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(area, { pointerId: 1, clientX: to[0], clientY: to[1] });
}

const generate = () => userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));

describe('the engine’s preview of an added photo', () => {
  it('draws the outline it would cut out over the photo', async () => {
    const preview = previewAnswering({
      ...OK_PREVIEW,
      outline: [
        [
          [0.1, 0.2],
          [0.9, 0.2],
          [0.5, 0.8],
        ],
      ],
    });
    await renderStudio({ session: signedInSession(10), backend: { ...createFakeStagingDriver(10), preview } });
    await upload();
    const outline = await screen.findByRole('img', { name: 'Cut-out outline' });
    expect(outline.querySelector('polygon')).toHaveAttribute('points', '0.1,0.2 0.9,0.2 0.5,0.8');
    expect(preview).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'a.jpg' }),
      { subject: null, strokes: null, confirmedFurniture: false },
      expect.any(AbortSignal),
    );
  });

  it('preselects the type the engine suggests for the photo', async () => {
    const preview = previewAnswering({ ...OK_PREVIEW, suggestedType: 'chair' });
    await renderStudio({ session: signedInSession(10), backend: { ...createFakeStagingDriver(10), preview } });
    await upload();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Accent Chair' })).toBeChecked());
  });

  it('keeps the type the seller picked for the photo over the engine’s guess', async () => {
    let answer!: (preview: StagePreview) => void;
    const preview = vi.fn(() => new Promise<StagePreview>((resolve) => (answer = resolve)));
    await renderStudio({ session: signedInSession(10), backend: { ...createFakeStagingDriver(10), preview } });
    await upload();
    await waitFor(() => expect(preview).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('radio', { name: 'Bed' }));
    answer({ ...OK_PREVIEW, suggestedType: 'chair' });
    await waitFor(() => expect(screen.queryByText('Checking the photo…')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Bed' })).toBeChecked();
  });

  it('leaves the studio working when the preview fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const preview = vi.fn(async () => Promise.reject(new ApiError(503, 'busy')));
    const { backend } = await renderStudio({
      session: signedInSession(10),
      backend: { ...createFakeStagingDriver(10), preview },
    });
    await upload();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
  });
});

describe('marking the piece', () => {
  it('boxes the piece by a drag and sends the box with the staging', async () => {
    const preview = previewAnswering();
    const { backend } = await renderStudio({
      session: signedInSession(10),
      backend: { ...createFakeStagingDriver(10), preview },
    });
    await upload();
    await userEvent.click(screen.getByRole('button', { name: 'Mark the piece' }));
    expect(screen.getByRole('button', { name: 'Mark the piece' })).toHaveAttribute('aria-pressed', 'true');
    drag([40, 30], [240, 270]);
    const box = { kind: 'box', x: 0.1, y: 0.1, width: 0.5, height: 0.8 };
    await waitFor(() =>
      expect(preview).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ subject: expectHint(box) }),
        expect.anything(),
      ),
    );
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0].subject).toEqual(expectHint(box));
  });

  it('marks the piece with a tap as a point', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload();
    await userEvent.click(screen.getByRole('button', { name: 'Mark the piece' }));
    drag([100, 150], [101, 150]);
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0].subject).toEqual({ kind: 'point', x: 101 / 400, y: 0.5 });
  });

  it('places, moves and resizes a box with the arrow keys', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload();
    await userEvent.click(screen.getByRole('button', { name: 'Mark the piece' }));
    markingArea().focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0].subject).toEqual(
      expectHint({ kind: 'box', x: 0.27, y: 0.25, width: 0.5, height: 0.52 }),
    );
  });

  it('clears the mark, so the engine finds the piece again', async () => {
    const { backend } = await renderStudio({ session: signedInSession(10) });
    await upload();
    await userEvent.click(screen.getByRole('button', { name: 'Mark the piece' }));
    drag([40, 30], [240, 270]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the mark' }));
    expect(screen.getByRole('button', { name: 'Clear the mark' })).toBeDisabled();
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0].subject).toBeNull();
  });
});

describe('a photo the engine is unsure of, or that shows no furniture', () => {
  it('asks for a mark and stages nothing until the piece is marked', async () => {
    const preview = vi.fn(async (_file: File, mark: StudioMark) => (mark.subject ? OK_PREVIEW : UNSURE));
    const { backend } = await renderStudio({
      session: signedInSession(10),
      backend: { ...createFakeStagingDriver(10), preview },
    });
    await upload();
    expect(await screen.findByText(MESSAGES.unsureSubject)).toBeInTheDocument();
    // Marking turns on by itself: the seller can answer at once.
    expect(markingArea()).toBeInTheDocument();
    expect(screen.getByText('Image 1 waits for the piece to be marked')).toBeInTheDocument();
    await generate();
    expect(screen.getByText(/Mark the piece in image 1 first/)).toBeInTheDocument();
    expect(backend.stage).not.toHaveBeenCalled();
    drag([40, 30], [240, 270]);
    await waitFor(() => expect(screen.queryByText(MESSAGES.unsureSubject)).not.toBeInTheDocument());
    await generate();
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
  });

  it('says a cat is not furniture and never stages it, alone or in Generate All', async () => {
    const { backend } = await renderStudio({
      session: signedInSession(10),
      backend: { ...createFakeStagingDriver(10), preview: previewAnswering(CAT) },
    });
    await upload();
    expect(await screen.findByText(MESSAGES.notFurniture('a cat'))).toBeInTheDocument();
    expect(screen.getByText('Image 1 does not show furniture')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All (0)' })).toBeInTheDocument();
    await generate();
    await userEvent.click(screen.getByRole('button', { name: 'Generate All (0)' }));
    expect(backend.stage).not.toHaveBeenCalled();
  });
});

describe('a staging refused by the engine', () => {
  it('shows an unsure-subject refusal on the photo’s card and turns marking on', async () => {
    const stage = vi.fn(async () => Promise.reject(new ApiError(422, MESSAGES.unsureSubject, 1, 'unsure-subject')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderStudio({ session: signedInSession(10), backend: { stage } });
    await upload();
    await generate();
    expect(await screen.findByText(MESSAGES.unsureSubject)).toBeInTheDocument();
    expect(markingArea()).toBeInTheDocument();
  });

  it('shows a not-furniture refusal on the photo’s card', async () => {
    const stage = vi.fn(async () =>
      Promise.reject(new ApiError(422, MESSAGES.notFurniture('a cat'), 1, 'not-furniture')),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderStudio({ session: signedInSession(10), backend: { stage } });
    await upload();
    await generate();
    expect(await screen.findByText(MESSAGES.notFurniture('a cat'))).toBeInTheDocument();
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
  });
});

describe('the words a room was chosen by', () => {
  it('are named under the result', async () => {
    const fake = createFakeStagingDriver(10);
    const stage = vi.fn(async (...args: Parameters<typeof fake.stage>) => ({
      ...(await fake.stage(...args)),
      matched: ['brick', 'large-window'],
    }));
    await renderStudio({ session: signedInSession(10), backend: { stage } });
    await upload();
    await generate();
    expect(await screen.findByText('Matched: brick, large window')).toBeInTheDocument();
  });

  it('are not mentioned when the answer names none', async () => {
    await renderStudio({ session: signedInSession(10) });
    await upload();
    await generate();
    await screen.findByRole('img', { name: 'Staged image 1' });
    expect(screen.queryByText(/^Matched:/)).not.toBeInTheDocument();
  });
});

/** A hint compared to 4 decimals, as the form sends it. */
function expectHint(hint: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(hint).map(([key, value]) => [key, typeof value === 'number' ? expect.closeTo(value, 4) : value]),
  );
}
