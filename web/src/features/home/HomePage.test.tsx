import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { render } from '../../test-utils/render';
import { renderApp } from '../../test-utils/renderApp';
import { HeroCarousel, HERO_INTERVAL_MS } from './HeroCarousel';
import { STAGING_EXAMPLES } from './examples';

describe('home page', () => {
  it('shows the hero, the three steps, the studio, examples, claims, reviews and the call to action', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Sell 42% faster/ })).toBeInTheDocument();
    for (const step of ['1. Upload', '2. Press Generate', '3. Download']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Stage your furniture' })).toBeInTheDocument();
    // What follows the studio loads after the first paint (BelowTheFold).
    expect(await screen.findByRole('heading', { name: 'Before and after' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trusted by 5,000 entrepreneurs' })).toBeInTheDocument();
    expect(screen.getByText('15 seconds')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What flippers say' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Get 10 Free Credits' })).toHaveAttribute('href', '/auth/signup');
  });
});

describe('before and after examples', () => {
  it('credit the original photos and link the CC BY licence', async () => {
    renderApp('/');
    expect(await screen.findByText(/Original photos: .* Pexels; .* Roboflow 100 furniture-ngpea/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });
});

describe('hero carousel', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the next staged room every 3 seconds', () => {
    vi.useFakeTimers();
    render(<HeroCarousel />);
    const [first, second] = STAGING_EXAMPLES;
    expect(screen.getByRole('img', { name: `${first!.piece} staged in a ${first!.style} room` })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS - 1));
    expect(screen.queryByRole('img', { name: new RegExp(second!.piece) })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: `${second!.piece} staged in a ${second!.style} room` })).toBeInTheDocument();
  });
});
