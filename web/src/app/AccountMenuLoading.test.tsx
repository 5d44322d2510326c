import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../test-utils/fakeBackend';

// The account menu's chunk held until the test lets it arrive, as on a slow first load.
const chunk = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./AccountMenu', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe('account menu while its code loads', () => {
  it('opens once loaded when the account button was pressed before', async () => {
    renderApp('/tips', createFakeBackend({ user: fakeAuthUser() }));
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Log Out' })).not.toBeInTheDocument();
    chunk.arrive();
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeVisible();
  });
});
