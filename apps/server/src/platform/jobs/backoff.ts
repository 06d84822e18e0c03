const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 30 * 60_000;

/**
 * The wait before try `attempt + 1` when the platform named none: 2 s, 6 s, 18 s, 54 s, 2.7 min, 8 min, 24 min,
 * then every 30 min, each between half and one and a half times that (`random()` in [0, 1)), so chats that
 * failed together do not all come back at once (a delivery's, a broadcast recipient's).
 */
export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 3 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random()));
}
