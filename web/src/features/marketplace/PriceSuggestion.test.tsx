import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PriceSuggestion as Suggestion } from '@flipstage/core';
import { BackendProvider } from '../../backend/BackendContext';
import { createFakeBackend } from '../../test-utils/fakeBackend';
import { render } from '../../test-utils/render';
import { PriceSuggestion } from './PriceSuggestion';

function renderSuggestion(facts: { furnitureType: string; style: string; condition: string }, answer: Suggestion) {
  const fake = createFakeBackend();
  const suggestPrice = vi.fn(async () => answer);
  render(
    <BackendProvider backend={{ ...fake, marketplace: { ...fake.marketplace, suggestPrice } }}>
      <QueryClientProvider client={new QueryClient()}>
        <PriceSuggestion facts={facts} />
      </QueryClientProvider>
    </BackendProvider>,
  );
  return suggestPrice;
}

describe('the price suggestion under a listing’s price', () => {
  it('asks for the type first, and asks the server nothing', () => {
    const suggestPrice = renderSuggestion(
      { furnitureType: '', style: 'modern', condition: '' },
      { kind: 'not-enough', sales: 0 },
    );
    expect(screen.getByText(/Choose the furniture type below/)).toBeInTheDocument();
    expect(suggestPrice).not.toHaveBeenCalled();
  });

  it('shows the range, the median and how many sales it comes from, for what the numbers are about', async () => {
    const suggestPrice = renderSuggestion(
      { furnitureType: 'sofa', style: 'modern', condition: 'good' },
      { kind: 'range', basis: 'type-style', sales: 12, median: 540, low: 480, high: 610 },
    );
    expect(
      await screen.findByText(
        'Most Modern Sofa/Couch listings sold for $480.00–$610.00 on FlipStage (median $540.00, from 12 sales).',
      ),
    ).toBeInTheDocument();
    expect(suggestPrice).toHaveBeenCalledWith(
      { furnitureType: 'sofa', style: 'modern', condition: 'good' },
      expect.anything(),
    );
  });

  it('says plainly when there are too few sales, with no number', async () => {
    renderSuggestion({ furnitureType: 'desk', style: '', condition: '' }, { kind: 'not-enough', sales: 3 });
    expect(
      await screen.findByText(
        'Not enough sales to suggest a price yet: 3 have sold on FlipStage, and a suggestion needs at least 5.',
      ),
    ).toBeInTheDocument();
  });
});
