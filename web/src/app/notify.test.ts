import { afterEach, describe, expect, it } from 'vitest';
import { notificationsStore } from '@mantine/notifications';
import { clearNotifications, notifyError, notifySuccess } from './notify';

const shown = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue];
};

afterEach(() => clearNotifications());

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the one before', () => {
    notifyError('The email or password is incorrect.');
    notifySuccess('Your profile has been updated');
    expect(shown().map((toast) => toast.message)).toEqual(['Your profile has been updated']);
  });

  it('lets the message speak for itself, with no generic title', () => {
    notifyError('That password is incorrect.');
    expect(shown()[0]?.title).toBeUndefined();
  });

  it('keeps a title the caller gives', () => {
    notifyError('Card declined', 'Checkout failed');
    expect(shown()[0]?.title).toBe('Checkout failed');
  });

  it('names its close button', () => {
    notifySuccess('Password reset email sent');
    expect(shown()[0]?.closeButtonProps).toMatchObject({ 'aria-label': 'Close notification' });
  });
});
