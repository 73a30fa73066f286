/** Toasts stay 4000 ms (spec 01 §9, 02 §9). */
import { Notification } from 'react-admin';

export const TOAST_DURATION_MS = 4000;

export function AppNotification() {
  return <Notification autoHideDuration={TOAST_DURATION_MS} />;
}
