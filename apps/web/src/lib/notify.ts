import { TOAST_MS } from '@fairway/shared/constants';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Green toast, 3000 ms (`TOAST_MS.short`). */
export function notifySuccess(message: ReactNode, title?: ReactNode): void {
  notifications.show({ color: 'green', title, message, autoClose: TOAST_MS.short, withBorder: true });
}

/** Red toast, 3500 ms (`TOAST_MS.long`). */
export function notifyError(message: ReactNode, title?: ReactNode): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS.long, withBorder: true });
}

/** Neutral information toast, 3000 ms. */
export function notifyInfo(message: ReactNode, title?: ReactNode): void {
  notifications.show({ color: 'blue', title, message, autoClose: TOAST_MS.short, withBorder: true });
}
