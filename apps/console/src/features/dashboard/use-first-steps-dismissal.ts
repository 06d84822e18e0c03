import { useState } from 'react';

const DISMISSED_KEY_PREFIX = 'hiwar_first_steps_dismissed:';

/** Whether this owner hid the first steps, kept in this browser (per owner, so another account still sees them). */
export function useFirstStepsDismissal(userId: number | undefined) {
  const key = `${DISMISSED_KEY_PREFIX}${userId ?? 'unknown'}`;
  const [dismissedKeys, setDismissedKeys] = useState<string[]>([]);
  const isDismissed = dismissedKeys.includes(key) || localStorage.getItem(key) === '1';
  const dismiss = () => {
    localStorage.setItem(key, '1');
    setDismissedKeys((keys) => [...keys, key]);
  };
  return { isDismissed, dismiss };
}
