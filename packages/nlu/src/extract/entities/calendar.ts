// Dates here are wall-clock moments held in a Date and read with UTC getters, so no host time zone leaks in.

const DAY_MS = 86_400_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function wallClockOf(now: Date, timezoneOffset: number): Date {
  return new Date(now.getTime() + timezoneOffset * 60_000);
}

export function formatDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function formatTime(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

export function formatDateTime(date: Date): string {
  return `${formatDate(date)}T${formatTime(date.getUTCHours(), date.getUTCMinutes())}`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMonths(date: Date, months: number): Date {
  const shifted = new Date(date.getTime());
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  return shifted;
}

/** The next `weekday` (0 = Sunday) on or after `date`, or strictly after it when `strictlyAfter`. */
export function nextWeekday(date: Date, weekday: number, strictlyAfter: boolean): Date {
  let days = (weekday - date.getUTCDay() + 7) % 7;
  if (days === 0 && strictlyAfter) days = 7;
  return addDays(date, days);
}

export function previousWeekday(date: Date, weekday: number): Date {
  const days = (date.getUTCDay() - weekday + 7) % 7 || 7;
  return addDays(date, -days);
}

/** A calendar date, or null when the day does not exist in that month (31/02). */
export function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}
