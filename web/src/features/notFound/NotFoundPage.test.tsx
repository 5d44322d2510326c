import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '../../test-utils/render';
import { createAppRouter } from '../../router';

describe('NotFoundPage', () => {
  it('says the page at an unknown path could not be found', async () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/no/such/page'] }) });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('The page at /no/such/page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
