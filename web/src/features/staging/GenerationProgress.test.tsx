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

  it('shows 0% while idle', () => {
    renderProgress();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('0% complete')).toBeInTheDocument();
  });

  it('rises about 3.3% a second while generating, fills on finish and resets half a second later', () => {
    vi.useFakeTimers();
    const store = renderProgress();
    act(() => store.set(runningAtom, 1));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('10% complete')).toBeInTheDocument();
    act(() => store.set(runningAtom, 0));
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('100% complete')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('0% complete')).toBeInTheDocument();
  });
});
