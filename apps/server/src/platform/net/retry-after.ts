/**
 * Retry-After as seconds: a number of seconds or an HTTP date (every HTTP date form starts with the day's name;
 * `Date.parse` alone would take '-5' or '1.5' for dates); undefined when absent or unreadable.
 */
export function retryAfterOf(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = /^[A-Za-z]/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
