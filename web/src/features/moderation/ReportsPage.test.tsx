import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type ReportedListing } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import type { ModerationDriver } from '../../backend/moderation';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { renderApp } from '../../test-utils/renderApp';

function reported(itemId: string, title: string, overrides: Partial<ReportedListing> = {}): ReportedListing {
  return {
    itemId,
    title,
    description: 'Solid walnut, six drawers.',
    thumb: null,
    owner: 'seller-1',
    sellerName: 'Sam Seller',
    status: 'hidden',
    reports: [
      {
        id: `r-${itemId}`,
        reporter: 'reporter-1',
        about: 'listing',
        reason: 'Asks for payment by gift card',
        counts: true,
        created_at: '2026-11-27T10:00:00.000Z',
      },
    ],
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/** The page as a moderator opens it, over a queue that loses each listing once it is decided. */
function renderReports(queue: ReportedListing[], driver: Partial<ModerationDriver> = {}) {
  let waiting = [...queue];
  const moderation: ModerationDriver = {
    reviewQueue: vi.fn(async () => ({ data: waiting })),
    decide: vi.fn(async (decision) => {
      waiting = waiting.filter((entry) => entry.itemId !== decision.itemId);
      return { itemId: decision.itemId, status: decision.decision === 'restore' ? 'restored' : 'removed' } as const;
    }),
    ownListings: vi.fn(async () => ({ data: [] })),
    ...driver,
  };
  renderApp('/admin/reports', createFakeBackend({ user: fakeAuthUser(), moderator: true, moderation }));
  return moderation;
}

const findList = () => screen.findByRole('list', { name: 'Reported listings' }, { timeout: 5_000 });

describe('/admin/reports', () => {
  it('lists each reported listing with its reports, and Restore and Remove named for it', async () => {
    renderReports([reported('a', 'Walnut dresser'), reported('b', 'Teak sideboard', { status: 'pending' })]);
    const list = await findList();
    const dresser = within(list).getByRole('listitem', { name: 'Walnut dresser' });
    expect(within(dresser).getByText('Hidden until you decide')).toBeInTheDocument();
    const reports = within(dresser).getByRole('list', { name: 'Reports of Walnut dresser' });
    expect(reports).toHaveTextContent('Asks for payment by gift card');
    expect(reports).toHaveTextContent('Counts toward hiding');
    expect(within(dresser).getByRole('button', { name: 'Restore Walnut dresser' })).toBeEnabled();
    expect(within(dresser).getByRole('button', { name: 'Remove Walnut dresser' })).toBeEnabled();
    const sideboard = within(list).getByRole('listitem', { name: 'Teak sideboard' });
    expect(within(sideboard).getByText('Still listed')).toBeInTheDocument();
  });

  it('restores a listing, which then leaves the queue', async () => {
    const moderation = renderReports([reported('a', 'Walnut dresser')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Walnut dresser' }, { timeout: 5_000 }));
    expect(moderation.decide).toHaveBeenCalledWith({ itemId: 'a', decision: 'restore' });
    expect(await screen.findByText('No reports are waiting for review.')).toBeInTheDocument();
  });

  it('removes a listing with the reason the seller will see', async () => {
    const moderation = renderReports([reported('a', 'Walnut dresser')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Walnut dresser' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Walnut dresser”' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason the seller sees/ }), 'Stolen photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    expect(moderation.decide).toHaveBeenCalledWith({ itemId: 'a', decision: 'remove', reason: 'Stolen photos' });
    expect(await screen.findByText('No reports are waiting for review.')).toBeInTheDocument();
  });

  it('asks for a reason before removing', async () => {
    const moderation = renderReports([reported('a', 'Walnut dresser')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Walnut dresser' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Walnut dresser”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    expect(await within(dialog).findByText(MESSAGES.removalReasonRequired)).toBeInTheDocument();
    expect(moderation.decide).not.toHaveBeenCalled();
  });

  it('keeps the reason and says why when a removal fails', async () => {
    renderReports([reported('a', 'Walnut dresser')], {
      decide: vi.fn(async () => {
        throw new ApiError(404, MESSAGES.itemNotFound);
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Walnut dresser' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Walnut dresser”' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason the seller sees/ });
    await userEvent.type(reason, 'Stolen photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.itemNotFound);
    expect(reason).toHaveValue('Stolen photos');
  });

  it('tells someone who is not a moderator the API’s refusal', async () => {
    renderReports([], {
      reviewQueue: vi.fn(async () => {
        throw new ApiError(403, MESSAGES.moderatorsOnly);
      }),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(MESSAGES.moderatorsOnly);
    expect(screen.queryByRole('list', { name: 'Reported listings' })).not.toBeInTheDocument();
  });
});

describe('the account menu', () => {
  it('offers Reports to a moderator', async () => {
    renderApp('/tips', createFakeBackend({ user: fakeAuthUser(), moderator: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5_000 }));
    expect(await screen.findByRole('menuitem', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');
  });

  it('offers no Reports to anyone else', async () => {
    const backend = createFakeBackend({ user: fakeAuthUser() });
    renderApp('/tips', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5_000 }));
    await waitFor(() => expect(backend.auth.isModerator).toHaveReturned());
    await screen.findByRole('menuitem', { name: 'Log Out' });
    expect(screen.queryByRole('menuitem', { name: 'Reports' })).not.toBeInTheDocument();
  });
});
