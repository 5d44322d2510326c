import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-utils/renderApp';

describe('legal pages', () => {
  it('shows the Terms of Use by default', async () => {
    const { router } = renderApp('/legal');
    expect(await screen.findByRole('tab', { name: 'Terms of Use', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/legal/terms-of-service');
  });

  it('falls back to the Terms of Use for an unknown section', async () => {
    renderApp('/legal/cookies');
    expect(await screen.findByRole('tab', { name: 'Terms of Use', selected: true })).toBeInTheDocument();
  });

  it('switches to the Privacy Policy tab and its address', async () => {
    const { router } = renderApp('/legal/terms-of-service');
    await userEvent.click(await screen.findByRole('tab', { name: 'Privacy Policy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal/privacy-policy'));
    expect(await screen.findByRole('heading', { name: '2. Where it is stored' })).toBeInTheDocument();
  });
});
