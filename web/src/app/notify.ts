import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 5000 });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: 'Something went wrong', message, autoClose: 8000 });
}

/** Clears every toast, shown or queued: an old failure must not outlive the step that fixed it. */
export function clearNotifications(): void {
  notifications.clean();
}
