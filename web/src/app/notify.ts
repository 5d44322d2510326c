import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 5000 });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: 'Something went wrong', message, autoClose: 8000 });
}
