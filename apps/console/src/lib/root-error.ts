import { useSyncExternalStore } from 'react';

/** The message of the dismissible danger alert at the top of the frame; any feature may set it. */
let rootError: string | null = null;
const listeners = new Set<() => void>();

export function setRootError(message: string | null) {
  rootError = message;
  for (const listener of listeners) listener();
}

export function clearRootError() {
  setRootError(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRootError(): string | null {
  return useSyncExternalStore(subscribe, () => rootError);
}
