import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeMessages, fakeConversation } from '../../test-utils/fakeMessages';
import { renderApp } from '../../test-utils/renderApp';

function renderAs(uid: string | null, path: string, fake = createFakeMessages()) {
  const backend = createFakeBackend({ user: uid ? fakeAuthUser({ uid }) : null, messages: fake.driver });
  return { ...renderApp(path, backend), fake };
}

beforeAll(() => import('./inbox.lazy'));

const findInboxHeading = () => screen.findByRole('heading', { level: 1, name: 'Messages' }, { timeout: 5_000 });

describe('Messages in the top bar', () => {
  it('names the unread count in the link for a signed-in user', async () => {
    renderAs('seller-1', '/tips', createFakeMessages({ unread: 2 }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute('href', '/messages');
  });

  it('updates the count live when a message arrives', async () => {
    const { fake } = renderAs('seller-1', '/tips', createFakeMessages({ unread: 0 }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    fake.pushUnread(1);
    expect(await within(nav).findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();
  });

  it('offers no Messages link when signed out', async () => {
    const { fake } = renderAs(null, '/tips');
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
    expect(fake.driver.watchUnread).not.toHaveBeenCalled();
  });
});

describe('inbox', () => {
  it('lists each conversation with its listing, the other person, the last message and the unread count', async () => {
    renderAs('seller-1', '/messages', createFakeMessages({ conversations: [fakeConversation({ unread: 2 })] }));
    await findInboxHeading();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const link = within(list).getByRole('link');
    expect(link).toHaveAttribute('href', '/messages/conv-1');
    expect(link).toHaveTextContent('Walnut dresser');
    expect(link).toHaveTextContent('Bea Buyer');
    expect(link).toHaveTextContent('Is it still available?');
    expect(link).toHaveTextContent('2 unread');
  });

  it("names the seller to the buyer and marks the buyer's own last message", async () => {
    renderAs('buyer-1', '/messages', createFakeMessages({ conversations: [fakeConversation()] }));
    const link = within(await screen.findByRole('list', { name: 'Conversations' })).getByRole('link');
    expect(link).toHaveTextContent('Sam Seller');
    expect(link).toHaveTextContent('You: Is it still available?');
    expect(link).not.toHaveTextContent('unread');
  });

  it('shows a new conversation as it arrives, without a reload', async () => {
    const { fake } = renderAs('seller-1', '/messages', createFakeMessages({ conversations: [] }));
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    fake.pushConversations([fakeConversation({ itemTitle: 'Oak table', unread: 1 })]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link')).toHaveTextContent('Oak table');
  });

  it('says so when the conversations cannot be loaded', async () => {
    const fake = createFakeMessages();
    fake.driver.watchConversations.mockImplementation((_uid, _onNext, onError) => {
      queueMicrotask(() => onError(new Error('Network down')));
      return () => {};
    });
    renderAs('seller-1', '/messages', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network down');
  });

  it('sends a signed-out visitor to sign in first', async () => {
    const { router } = renderAs(null, '/messages');
    await screen.findByRole('button', { name: 'Log in' }, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe('/auth/signin');
  });
});
