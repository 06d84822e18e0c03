/**
 * Whether this tab saw the owner's training queued or running and has not yet said how it ended. Kept in
 * sessionStorage, so a training that ends while the owner is on another screen is still reported when the
 * examples tab opens again; the outcome itself always comes from the server (check-if-free's last_training).
 */
const WATCH_KEY = 'hiwar_training_watched';

export function watchTraining(): void {
  sessionStorage.setItem(WATCH_KEY, '1');
}

export function isWatchingTraining(): boolean {
  return sessionStorage.getItem(WATCH_KEY) === '1';
}

export function stopWatchingTraining(): void {
  sessionStorage.removeItem(WATCH_KEY);
}
