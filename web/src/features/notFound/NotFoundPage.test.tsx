import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test-utils/renderApp';

describe('NotFoundPage', () => {
  it('says the page at an unknown path could not be found', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('The page at /no/such/page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | FlipStage'));
  });
});
