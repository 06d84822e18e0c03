import { useDirection } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import classes from './overlays.module.css';

/** Spec: notifications hidden after 3000 ms. */
export const NOTIFICATION_TIMEOUT_MS = 3000;

/**
 * Where `notifications.show(…)` toasts and `modals.openConfirmModal(…)` dialogs appear. Both are opened through
 * their static APIs (a store and window events), never through a context, so this sits beside the app rather
 * than around it — and loads just after the first screen with the modal's scroll area and floating-ui.
 *
 * Toasts stand one below the other under the header bar (overlays.module.css), at the top right — the top left
 * in Arabic, where a right-to-left page starts: Mantine places them by physical side, so the side follows the
 * direction here.
 */
export function Overlays() {
  const { dir } = useDirection();
  return (
    <>
      <ModalsProvider />
      <Notifications
        position={dir === 'rtl' ? 'top-left' : 'top-right'}
        classNames={{ root: classes.notifications }}
        autoClose={NOTIFICATION_TIMEOUT_MS}
      />
    </>
  );
}
