import { numberLocale } from '../../lib/format-number.ts';
import type { TrafficPeriod } from '../conversations/index.ts';

/**
 * A bucket's label in the language's way with the console's digits: `2026-11-26` → "Nov 26", `2026-11` →
 * "Nov 2026", `2026` stays. Buckets are UTC days, so they are written in UTC.
 */
export function formatBucketLabel(label: string, period: TrafficPeriod, language: string): string {
  if (period === 'year') return label;
  const date = new Date(period === 'day' ? `${label}T00:00:00Z` : `${label}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return label;
  const options: Intl.DateTimeFormatOptions =
    period === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(numberLocale(language), { ...options, timeZone: 'UTC' }).format(date);
}
