import { Notifications } from '@mantine/notifications';

/** Spec: notifications at the top left, hidden after 3000 ms. */
export const NOTIFICATION_TIMEOUT_MS = 3000;

/** Where `notifications.show(…)` toasts appear. */
export function Toasts() {
  return <Notifications position="top-left" autoClose={NOTIFICATION_TIMEOUT_MS} />;
}
