import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, type StageProgress } from '@flipstage/core';
import { render } from '../../test-utils/render';
import { createFakeBackend } from '../../test-utils/fakeBackend';
import { BackendProvider } from '../../backend/BackendContext';
import { GenerationProgress } from './GenerationProgress';
import { runningAtom, studioAtom } from './studioAtoms';
import { EMPTY_STUDIO, markFailed, markProcessed, markProcessing, markSent, newStudioImage } from './studioState';

const choice = { style: DEFAULT_STYLE, furnitureType: DEFAULT_FURNITURE_TYPE, editedPrompt: null };
const request = { prompt: 'p', style: DEFAULT_STYLE, furnitureType: DEFAULT_FURNITURE_TYPE, mode: 'auto' as const };

function renderProgress(answer: (key: string) => StageProgress | null = () => null) {
  const store = createStore();
  const progress = vi.fn(async (key: string) => answer(key));
  const backend = createFakeBackend({ staging: { stage: vi.fn(), preview: vi.fn(), progress } });
  store.set(studioAtom, {
    ...EMPTY_STUDIO,
    images: ['a', 'b'].map((id) => newStudioImage(id, new File([], `${id}.jpg`), `blob:${id}`, choice)),
    selectedIndex: 0,
  });
  render(
    <BackendProvider backend={backend}>
      <Provider store={store}>
        <GenerationProgress />
      </Provider>
    </BackendProvider>,
  );
  /** Both photos processing, the first sent with key-a, as Generate All leaves them. */
  const start = () =>
    act(() => {
      store.set(studioAtom, (s) =>
        markSent(markProcessing(s, ['a', 'b']), 'a', { idempotencyKey: 'key-a', variant: 0, request }),
      );
      store.set(runningAtom, 1);
    });
  const finish = (outcome: (s: typeof EMPTY_STUDIO) => typeof EMPTY_STUDIO) =>
    act(() => {
      store.set(studioAtom, outcome);
      store.set(runningAtom, 0);
    });
  return { store, progress, start, finish };
}

const bar = () => screen.getByRole('progressbar', { name: 'Generation progress' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('generation progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing while nothing is staging', () => {
    renderProgress();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('names the photo being staged and the phase the server reports for it, asking again every 0.6 s', async () => {
    vi.useFakeTimers();
    let phase: StageProgress = { phase: 'decode', step: 0, steps: 7 };
    const { progress, start } = renderProgress(() => phase);
    start();
    await advance(0);
    expect(progress).toHaveBeenCalledWith('key-a');
    expect(screen.getByText('Staging image 1 of 2: Reading the photo')).toBeInTheDocument();
    phase = { phase: 'segment', step: 2, steps: 7 };
    await advance(600);
    expect(progress).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Staging image 1 of 2: Finding the piece')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', String(Math.round((100 * 2) / 7 / 2)));
    expect(bar()).toHaveAttribute('aria-valuetext', '14% complete. Staging image 1 of 2: Finding the piece');
  });

  it('says the photo is on its way before the server has it', async () => {
    vi.useFakeTimers();
    const { start } = renderProgress(() => null);
    start();
    await advance(0);
    expect(screen.getByText('Staging image 1 of 2: Sending the photo')).toBeInTheDocument();
  });

  it('fills when every photo was staged and goes half a second later', async () => {
    vi.useFakeTimers();
    const { start, finish } = renderProgress();
    start();
    await advance(0);
    finish((s) => markProcessed(markProcessed(s, 'a', 'out-a'), 'b', 'out-b'));
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    await advance(499);
    expect(bar()).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('stops short of 100 when a photo failed, says which, and stays until the next generation', async () => {
    vi.useFakeTimers();
    const { start, finish } = renderProgress();
    start();
    await advance(0);
    finish((s) => markFailed(markProcessed(s, 'a', 'out-a'), 'b', { message: 'Not furniture.', retryable: false }));
    expect(screen.getByText('Image 2 was not staged: its card says why. 1 of 2 staged.')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '50');
    await advance(5000);
    expect(bar()).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByText(/100%/)).not.toBeInTheDocument();
  });

  it('never shows 100 while the last photo is still being answered, even once the server says done', async () => {
    vi.useFakeTimers();
    const { store, start } = renderProgress(() => ({ phase: 'done', step: 7, steps: 7 }));
    start();
    act(() => store.set(studioAtom, (s) => markProcessed(s, 'a', 'out-a')));
    act(() => store.set(studioAtom, (s) => markSent(s, 'b', { idempotencyKey: 'key-b', variant: 0, request })));
    await advance(0);
    expect(bar()).toHaveAttribute('aria-valuenow', '99');
  });
});
