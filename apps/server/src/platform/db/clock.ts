/** Timestamps are ISO 8601 UTC strings with milliseconds, so they also compare correctly as text in SQLite. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function isoAfter(milliseconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

export const DAY_MS = 24 * 60 * 60 * 1000;
