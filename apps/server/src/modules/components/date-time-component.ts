import type { ComponentContext, ComponentDefinition } from './built-in-component.ts';

/** The variables that may name the zone, in the order they are tried. */
const ZONE_VARIABLES = ['timezone', 'tz'] as const;
const DEFAULT_ZONE = 'UTC';

/** The IANA zone as Intl spells it ('asia/riyadh' → 'Asia/Riyadh'), or undefined when Intl does not know it. */
function canonicalZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The zone a `timezone` (or `tz`) variable holds when it is a valid IANA zone, else UTC. */
export function zoneOf(values: ComponentContext['values']): string {
  for (const name of ZONE_VARIABLES) {
    const given = values[name]?.trim();
    const zone = given ? canonicalZone(given) : undefined;
    if (zone) return zone;
  }
  return DEFAULT_ZONE;
}

/** The calendar date and the 24-hour clock time at `now` in the zone, with Western digits. */
function dateAndTime(now: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** The weekday's name in the sender's language (English when Intl has no such locale). */
function weekdayOf(now: Date, timeZone: string, lang: string): string {
  const locale = Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0 ? lang : 'en';
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' }).format(now);
}

/** Time › Date and time: the turn's clock in the zone the sender gave (a `timezone` or `tz` variable), else UTC. */
export const dateTimeComponent: ComponentDefinition = {
  id: 2,
  name: 'Date and time',
  category: 'Time',
  description:
    'The current date and time in the zone a variable named timezone (or tz) holds, such as Asia/Riyadh; UTC otherwise.',
  fields: [
    { name: 'date', label: 'Date (YYYY-MM-DD)' },
    { name: 'time', label: 'Time (HH:mm)' },
    { name: 'weekday', label: 'Weekday' },
    { name: 'datetime', label: 'Date and time' },
    { name: 'timezone', label: 'Time zone' },
  ],
  dataTypes: ['single'],
  defaultTitleKey: 'datetime',
  provide: async ({ values, now, lang }) => {
    const timezone = zoneOf(values);
    const { date, time } = dateAndTime(now, timezone);
    return [{ date, time, weekday: weekdayOf(now, timezone, lang), datetime: `${date} ${time}`, timezone }];
  },
};
