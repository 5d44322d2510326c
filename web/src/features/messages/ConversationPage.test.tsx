import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type MessagesPage } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeMessages, fakeConversation, fakeMessage } from '../../test-utils/fakeMessages';
import { renderApp } from '../../test-utils/renderApp';

const offer = fakeMessage({ id: 'msg-2', kind: 'offer', price: 350, offerStatus: 'pending', text: '' });

function page(overrides: Partial<MessagesPage['conversation']> = {}, messages = [fakeMessage(), offer]): MessagesPage {
  return { conversation: fakeConversation(overrides), data: messages };
}

function renderAs(uid: 'buyer-1' | 'seller-1', fake = createFakeMessages({ page: page() })) {
  const backend = createFakeBackend({ user: fakeAuthUser({ uid }), messages: fake.driver });
  return { ...renderApp('/messages/conv-1', backend), fake };
}

beforeAll(() => import('./conversation.lazy'));

const findThread = () => screen.findByRole('list', { name: 'Messages' }, { timeout: 5_000 });

describe('conversation', () => {
  it('shows the listing, the other person and the messages, oldest first', async () => {
    renderAs('seller-1');
    const thread = await findThread();
    expect(screen.getByRole('link', { name: 'Walnut dresser' })).toHaveAttribute('href', '/marketplace/item-1');
    expect(screen.getByText('With Bea Buyer')).toBeInTheDocument();
    const items = within(thread).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Is it still available?');
    expect(within(items[1]!).getByRole('group', { name: 'Offer of $350.00' })).toBeInTheDocument();
  });

  it('sends a message and clears the composer', async () => {
    const { fake } = renderAs('buyer-1');
    await findThread();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Could you deliver on Friday?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.driver.send).toHaveBeenCalledWith('conv-1', 'Could you deliver on Friday?'));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the text and shows the refusal when a message is not sent', async () => {
    const fake = createFakeMessages({ page: page() });
    fake.driver.send.mockRejectedValue(new ApiError(403, MESSAGES.blockedBySeller));
    renderAs('buyer-1', fake);
    await findThread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.blockedBySeller);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello?');
  });

  it('refuses an empty message with the validation message', async () => {
    const { fake } = renderAs('buyer-1');
    await findThread();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.messageRequired)).toBeInTheDocument();
    expect(fake.driver.send).not.toHaveBeenCalled();
  });

  it('lets the seller accept a pending offer', async () => {
    const { fake } = renderAs('seller-1');
    await findThread();
    await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(fake.driver.decide).toHaveBeenCalledWith('conv-1', 'msg-2', 'accept'));
  });

  it('lets the seller decline a pending offer', async () => {
    const { fake } = renderAs('seller-1');
    await findThread();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(fake.driver.decide).toHaveBeenCalledWith('conv-1', 'msg-2', 'decline'));
  });

  it('shows the buyer the offer waiting, with no seller controls', async () => {
    renderAs('buyer-1');
    await findThread();
    expect(screen.getByText('Waiting for the seller')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Seller actions' })).not.toBeInTheDocument();
  });

  it('shows an answered offer without the buttons', async () => {
    renderAs('seller-1', createFakeMessages({ page: page({}, [{ ...offer, offerStatus: 'accepted' }]) }));
    await findThread();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  });

  it('lets the buyer make an offer from the conversation', async () => {
    const { fake } = renderAs('buyer-1');
    await findThread();
    await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(fake.driver.offer).toHaveBeenCalledWith('conv-1', 300, undefined));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make an offer' })).not.toBeInTheDocument());
  });

  it.each([
    ['Mark reserved', 'reserved'],
    ['Mark sold', 'sold'],
    ['Mark available', 'available'],
  ] as const)('lets the seller %s from the conversation', async (label, status) => {
    const { fake } = renderAs('seller-1');
    await findThread();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Seller actions' })).getByRole('button', { name: label }),
    );
    await waitFor(() => expect(fake.driver.setListingStatus).toHaveBeenCalledWith('conv-1', status));
  });

  it('lets the seller block the buyer, then unblock', async () => {
    const fake = createFakeMessages({ page: page() });
    renderAs('seller-1', fake);
    await findThread();
    await userEvent.click(screen.getByRole('button', { name: 'Block buyer' }));
    await waitFor(() => expect(fake.driver.block).toHaveBeenCalledWith('conv-1', true));
    fake.pushPage(page({ blocked: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock buyer' }));
    await waitFor(() => expect(fake.driver.block).toHaveBeenCalledWith('conv-1', false));
  });

  it('tells a blocked buyer the seller is not accepting messages, in place of the composer', async () => {
    renderAs('buyer-1', createFakeMessages({ page: page({ blocked: true }) }));
    await findThread();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.blockedBySeller);
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('shows a new message as it arrives', async () => {
    const fake = createFakeMessages({ page: page() });
    renderAs('seller-1', fake);
    await findThread();
    fake.pushPage(page({}, [fakeMessage(), offer, fakeMessage({ id: 'msg-3', text: 'Still there?' })]));
    expect(await screen.findByText('Still there?')).toBeInTheDocument();
  });

  it('marks the conversation read when it shows unread messages', async () => {
    const { fake } = renderAs('seller-1', createFakeMessages({ page: page({ unread: 2 }) }));
    await findThread();
    await waitFor(() => expect(fake.driver.markRead).toHaveBeenCalledWith('conv-1'));
  });

  it('does not mark a read conversation again', async () => {
    const { fake } = renderAs('seller-1');
    await findThread();
    expect(fake.driver.markRead).not.toHaveBeenCalled();
  });

  it("reports the other person's message with a reason", async () => {
    const { fake } = renderAs('seller-1');
    const thread = await findThread();
    const first = within(thread).getAllByRole('listitem')[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(fake.driver.report).toHaveBeenCalledWith({
        itemId: 'item-1',
        conversationId: 'conv-1',
        messageId: 'msg-1',
        reason: 'Spam link',
      }),
    );
  });

  it('says so when the conversation cannot be opened', async () => {
    const fake = createFakeMessages();
    fake.driver.watchConversation.mockImplementation((_uid, _id, _onNext, onError) => {
      queueMicrotask(() => onError(new ApiError(404, MESSAGES.conversationNotFound)));
      return () => {};
    });
    renderAs('buyer-1', fake);
    expect(await screen.findByText(MESSAGES.conversationNotFound, {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
