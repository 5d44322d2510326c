import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRUSH_DROP, BRUSH_KEEP, BRUSH_NONE, MESSAGES, type BrushMask, type StagePreview } from '@flipstage/core';
import type { StudioMark } from '../../backend/staging';
import { createFakeStagingDriver, imageFile, OK_PREVIEW, renderStudio, signedInSession } from './testing/renderStudio';

vi.mock('../../analytics/track');

// jsdom lays nothing out and paints no canvas: the photo is 400 × 300 px at the page's corner, so
// its brush grid is 160 × 120 cells of 2.5 px.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 300 }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => vi.restoreAllMocks());

const CAT: StagePreview = {
  verdict: 'not-furniture',
  message: MESSAGES.notFurniture('a cat'),
  seen: 'a cat',
  suggestedType: 'chair',
  outline: [],
};
const OUTLINED: StagePreview = {
  ...OK_PREVIEW,
  outline: [
    [
      [0.2, 0.2],
      [0.8, 0.2],
      [0.5, 0.9],
    ],
  ],
};

async function studioWith(preview: (file: File, mark: StudioMark) => StagePreview = () => OK_PREVIEW) {
  const previewFn = vi.fn(async (file: File, mark: StudioMark, _signal?: AbortSignal) => preview(file, mark));
  const rendered = await renderStudio({
    session: signedInSession(10),
    backend: { ...createFakeStagingDriver(10), preview: previewFn },
  });
  await userEvent.upload(screen.getByLabelText('Upload furniture photos'), [imageFile('a.jpg')]);
  await waitFor(() => expect(previewFn).toHaveBeenCalled());
  return { ...rendered, preview: previewFn };
}

async function pickTool(name: 'Erase' | 'Restore') {
  if (!screen.queryByRole('radio', { name })) {
    await userEvent.click(screen.getByRole('button', { name: 'Mark the piece' }));
  }
  await userEvent.click(screen.getByRole('radio', { name }));
}

/** A pointer stroke on the photo through the points given, in px of the 400 × 300 frame. */
function stroke(area: HTMLElement, points: [number, number][], pointerType = 'mouse') {
  const [first, ...rest] = points;
  fireEvent.pointerDown(area, { button: 0, pointerId: 1, pointerType, clientX: first![0], clientY: first![1] });
  for (const [x, y] of rest) fireEvent.pointerMove(area, { pointerId: 1, pointerType, clientX: x, clientY: y });
  const [x, y] = points[points.length - 1]!;
  fireEvent.pointerUp(area, { pointerId: 1, pointerType, clientX: x, clientY: y });
}

const cellAt = (mask: BrushMask, x: number, y: number) => mask.cells[y * mask.width + x];

function lastStrokes(preview: ReturnType<typeof vi.fn>): BrushMask | null | undefined {
  return (preview.mock.lastCall?.[1] as StudioMark | undefined)?.strokes;
}

describe('the erase and restore brush', () => {
  it('paints kept and dropped cells with the pointer and asks the preview again after each stroke', async () => {
    const { preview } = await studioWith(() => OUTLINED);
    await pickTool('Restore');
    const restore = screen.getByRole('application', { name: 'Restore parts of photo 1' });
    stroke(restore, [
      [100, 150],
      [200, 150],
      [300, 150],
    ]);
    await waitFor(() => expect(lastStrokes(preview)).toBeDefined());
    const kept = lastStrokes(preview)!;
    expect([kept.width, kept.height]).toEqual([160, 120]);
    // Along the row under the stroke, from x 40 to 120 cells, and a brush's radius (5 cells) around it.
    for (const x of [40, 80, 120]) expect(cellAt(kept, x, 60)).toBe(BRUSH_KEEP);
    expect(cellAt(kept, 80, 56)).toBe(BRUSH_KEEP);
    expect(cellAt(kept, 80, 50)).toBe(BRUSH_NONE);
    expect(cellAt(kept, 20, 60)).toBe(BRUSH_NONE);

    await pickTool('Erase');
    stroke(
      screen.getByRole('application', { name: 'Erase parts of photo 1' }),
      [
        [200, 30],
        [200, 270],
      ],
      'touch',
    );
    await waitFor(() => expect(cellAt(lastStrokes(preview)!, 80, 60)).toBe(BRUSH_DROP));
    const both = lastStrokes(preview)!;
    expect(cellAt(both, 80, 60)).toBe(BRUSH_DROP);
    expect(cellAt(both, 80, 20)).toBe(BRUSH_DROP);
    expect(cellAt(both, 40, 60)).toBe(BRUSH_KEEP);
    expect(await screen.findByRole('img', { name: 'Cut-out outline' })).toBeInTheDocument();
  });

  it('paints from the keyboard: arrow keys move the brush, which is announced, and Space paints', async () => {
    const { preview } = await studioWith();
    await pickTool('Erase');
    const area = screen.getByRole('application', { name: 'Erase parts of photo 1' });
    area.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Brush at 55% across, 50% down.')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(2));
    const erased = lastStrokes(preview)!;
    expect(cellAt(erased, 88, 60)).toBe(BRUSH_DROP);
    expect(cellAt(erased, 80, 60)).toBe(BRUSH_NONE);
    expect(screen.getByText('Erased at 55% across, 50% down.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Restore' }));
    screen.getByRole('application', { name: 'Restore parts of photo 1' }).focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}{Enter}');
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(3));
    expect(cellAt(lastStrokes(preview)!, 88, 72)).toBe(BRUSH_KEEP);
    expect(screen.getByRole('slider', { name: 'Brush size' })).toBeInTheDocument();
  });

  it('takes back the last stroke with Undo stroke and all of them with Clear brush, and stages the strokes, again in Try another room', async () => {
    const { preview, backend } = await studioWith();
    await pickTool('Restore');
    const area = screen.getByRole('application', { name: 'Restore parts of photo 1' });
    expect(screen.getByRole('button', { name: 'Undo stroke' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear brush' })).toBeDisabled();
    stroke(area, [[100, 100]]);
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(2));
    const first = lastStrokes(preview)!;
    stroke(area, [[300, 200]]);
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(3));
    expect(cellAt(lastStrokes(preview)!, 120, 80)).toBe(BRUSH_KEEP);

    await userEvent.click(screen.getByRole('button', { name: 'Undo stroke' }));
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(4));
    expect([...lastStrokes(preview)!.cells]).toEqual([...first.cells]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear brush' }));
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(5));
    expect(lastStrokes(preview)).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear brush' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Undo stroke' }));
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(6));

    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(backend.stage).mock.calls[0]![0].strokes!;
    expect([...sent.cells]).toEqual([...first.cells]);

    // "Try another room" sends the photo with its strokes again.
    await screen.findByText('Image 1 processed');
    await userEvent.click(screen.getByRole('button', { name: 'Try another room' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(2));
    expect(vi.mocked(backend.stage).mock.calls[1]![0]).toMatchObject({ variant: 1, strokes: sent });
  });

  it('cancels the preview of an older stroke when a newer one is painted', async () => {
    const { preview } = await studioWith();
    await pickTool('Erase');
    const area = screen.getByRole('application', { name: 'Erase parts of photo 1' });
    preview.mockImplementation(() => new Promise<StagePreview>(() => {}));
    stroke(area, [[100, 100]]);
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(2));
    const stale = preview.mock.lastCall![2]!;
    stroke(area, [[300, 200]]);
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(3));
    expect(stale.aborted).toBe(true);
    expect(preview.mock.lastCall![2]!.aborted).toBe(false);
  });
});

describe('a photo the classifier calls not furniture', () => {
  it('is staged, charged as usual, once the seller says “It is furniture: stage it”', async () => {
    const { preview, backend } = await studioWith((_file, mark) => (mark.confirmedFurniture ? OUTLINED : CAT));
    expect(await screen.findByText(MESSAGES.notFurniture('a cat'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Accent Chair' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Generate All (0)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'It is furniture: stage it' }));
    await waitFor(() =>
      expect(preview).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ confirmedFurniture: true }),
        expect.anything(),
      ),
    );
    expect(await screen.findByRole('img', { name: 'Cut-out outline' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.notFurniture('a cat'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0]).toMatchObject({
      confirmedFurniture: true,
      furnitureType: 'chair',
    });
    expect(await screen.findByText('Credits: 9')).toBeInTheDocument();
  });

  it('is staged, not skipped, once the seller paints the piece', async () => {
    const { preview, backend } = await studioWith(() => CAT);
    expect(await screen.findByText(MESSAGES.notFurniture('a cat'))).toBeInTheDocument();
    await pickTool('Restore');
    stroke(screen.getByRole('application', { name: 'Restore parts of photo 1' }), [[200, 150]]);
    await waitFor(() => expect(preview).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText(MESSAGES.notFurniture('a cat'))).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'It is furniture: stage it' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Selected' }));
    await waitFor(() => expect(backend.stage).toHaveBeenCalledTimes(1));
    expect(vi.mocked(backend.stage).mock.calls[0]![0].strokes).toBeDefined();
  });
});
