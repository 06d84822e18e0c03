import { useSyncExternalStore } from 'react';

/** The bearer token lives in localStorage so a reload keeps the session. */
export const TOKEN_KEY = 'hiwar_token';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

/** Calls `listener` after every sign-in and sign-out; returns the unsubscribe. */
export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when the user signs in or out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToToken, () => getToken() !== null);
}
