import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** Spec: notifications at the top left, hidden after 3000 ms. */
export const NOTIFICATION_TIMEOUT_MS = 3000;

/**
 * Where `notifications.show(…)` toasts and `modals.openConfirmModal(…)` dialogs appear. Both are opened through
 * their static APIs (a store and window events), never through a context, so this sits beside the app rather
 * than around it — and loads just after the first screen with the modal's scroll area and floating-ui.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-left" autoClose={NOTIFICATION_TIMEOUT_MS} />
    </>
  );
}
