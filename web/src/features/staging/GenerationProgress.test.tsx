import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { render } from '../../test-utils/render';
import { GenerationProgress } from './GenerationProgress';
import { runningAtom } from './studioAtoms';

function renderProgress() {
  const store = createStore();
  render(
    <Provider store={store}>
      <GenerationProgress />
    </Provider>,
  );
  return store;
}

describe('generation progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing while nothing is staging', () => {
    renderProgress();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/% complete/)).not.toBeInTheDocument();
  });

  it('rises about 3.3% a second while generating, fills on finish and goes half a second later', () => {
    vi.useFakeTimers();
    const store = renderProgress();
    act(() => store.set(runningAtom, 1));
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '0');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('10% complete')).toBeInTheDocument();
    act(() => store.set(runningAtom, 0));
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('fills and goes after a generation quicker than one tick', () => {
    vi.useFakeTimers();
    const store = renderProgress();
    act(() => store.set(runningAtom, 1));
    act(() => store.set(runningAtom, 0));
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText(/% complete/)).not.toBeInTheDocument();
  });
});
