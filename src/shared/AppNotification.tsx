/**
 * Toasts stay 4000 ms (spec 01 §9, 02 §9). react-admin's <Notification> (a Snackbar whose undo
 * button brings Tooltip and Popper) loads with the first notice, not in the first chunk
 * (docs/decisions/0022-first-load-budget.md); notices sent meanwhile wait in react-admin's queue.
 */
import { useNotificationContext } from 'react-admin';
import { useState } from 'react';
import { onDemand } from './lazyComponent';
import { TOAST_DURATION_MS } from './toastDuration';

export { TOAST_DURATION_MS };

const Toast = onDemand(() => import('./Toast').then((module) => module.Toast));

export function AppNotification() {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  // Once loaded it stays mounted, so a closing toast finishes its transition.
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed || notifications.length > 0 ? <Toast autoHideDuration={TOAST_DURATION_MS} /> : null;
}
