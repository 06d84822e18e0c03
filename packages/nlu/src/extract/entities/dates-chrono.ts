import * as chrono from 'chrono-node';
import { calendarDate, formatDate, formatDateTime, formatTime } from './calendar.ts';
import type { Entity } from './entity.ts';

// British English reads 12/03/2025 day first, as Hiwar's Arabic- and German-speaking users write it.
const PARSERS = { en: chrono.en.GB, de: chrono.de };
/** A time span read as a moment ("for 2 hours") is a duration, unless a relative word makes it a date. */
const RELATIVE_MARK = /^(?:in|within|after|nach|vor|binnen)\b|\b(?:ago|later|from now|später|spaeter)$/i;

function toEntity(result: chrono.ParsedResult): Entity | null {
  const { start } = result;
  const hasTime = start.isCertain('hour');
  const hasDate = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
  const year = start.get('year') ?? 0;
  const date = calendarDate(year, start.get('month') ?? 1, start.get('day') ?? 1);
  if (!date) return null;
  const hour = start.get('hour') ?? 0;
  const minute = start.get('minute') ?? 0;
  date.setUTCHours(hour, minute);
  const base = { text: result.text, start: result.index, end: result.index + result.text.length };
  if (hasTime && hasDate) return { ...base, type: 'datetime', value: formatDateTime(date) };
  if (hasTime) return { ...base, type: 'time', value: formatTime(hour, minute) };
  return { ...base, type: 'date', value: formatDate(date) };
}

/**
 * English and German dates and times by chrono, relative to the wall clock. Results that cover a duration
 * ("for 2 hours") are dropped unless marked relative ("in 3 days", "vor 2 Wochen").
 */
export function findChronoDates(
  text: string,
  lang: 'en' | 'de',
  wallClock: Date,
  durations: Entity[],
): Entity[] {
  const results = PARSERS[lang].parse(text, { instant: wallClock, timezone: 0 }, { forwardDate: true });
  return results
    .filter((result) => {
      const end = result.index + result.text.length;
      const coversDuration = durations.some(
        (duration) => duration.start >= result.index && duration.end <= end,
      );
      return !coversDuration || RELATIVE_MARK.test(result.text.trim());
    })
    .map(toEntity)
    .filter((entity): entity is Entity => entity !== null);
}
