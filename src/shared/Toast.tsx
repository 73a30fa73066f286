/** react-admin's notification snackbar, in a chunk of its own (src/shared/AppNotification.tsx). */
import { Notification, type NotificationProps } from 'react-admin';

export function Toast(props: NotificationProps) {
  return <Notification {...props} />;
}
