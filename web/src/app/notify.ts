import { notifications } from '@mantine/notifications';

/**
 * One toast at a time: a new one replaces whatever is shown or queued, so a fixed failure never
 * lingers under the next message. No generic title: the message itself says what happened.
 */
function showOnly(options: Parameters<typeof notifications.show>[0]): void {
  notifications.clean();
  notifications.show({ ...options, closeButtonProps: { 'aria-label': 'Close notification' } });
}

export function notifySuccess(message: string): void {
  showOnly({ color: 'teal', message, autoClose: 5000 });
}

export function notifyError(message: string, title?: string): void {
  showOnly({ color: 'red', title, message, autoClose: 8000 });
}

/** Clears every toast, shown or queued: an old failure must not outlive the step that fixed it. */
export function clearNotifications(): void {
  notifications.clean();
}
