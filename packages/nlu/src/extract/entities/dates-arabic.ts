import {
  addDays,
  addMonths,
  calendarDate,
  formatDate,
  formatDateTime,
  nextWeekday,
  previousWeekday,
} from './calendar.ts';
import { type DurationMatch, findDurations } from './durations.ts';
import type { Entity } from './entity.ts';
import { isAdjacent, type Word, wordsOf } from './words.ts';

// Normalised spellings (ة → ه, ى/ئ → ي, أ/إ/آ → ا, no diacritics or tanween: غداً → غدا).
const DAY_WORDS: Record<string, number> = {
  اليوم: 0,
  غدا: 1,
  غدوه: 1,
  بكره: 1,
  بكرا: 1,
  الغد: 1,
  امس: -1,
  الامس: -1,
  البارحه: -1,
  مبارح: -1,
};
const DAY_PHRASES: Record<string, number> = {
  'بعد غد': 2,
  'بعد الغد': 2,
  'بعد بكره': 2,
  'بعد بكرا': 2,
  'قبل امس': -2,
  'اول امس': -2,
  'اول من امس': -2,
};
const WEEKDAYS: Record<string, number> = {
  الاحد: 0,
  الاثنين: 1,
  الاتنين: 1,
  الثلاثاء: 2,
  الثلاثا: 2,
  الاربعاء: 3,
  الاربعا: 3,
  الخميس: 4,
  الجمعه: 5,
  السبت: 6,
};
const NEXT = new Set(['القادم', 'القادمه', 'الجاي', 'الجايه', 'المقبل', 'المقبله', 'الجاييه']);
const PREVIOUS = new Set(['الماضي', 'الماضيه', 'الفايت', 'الفايته', 'السابق']);
const MONTHS: Record<string, number> = {
  يناير: 1,
  فبراير: 2,
  مارس: 3,
  ابريل: 4,
  مايو: 5,
  يونيو: 6,
  يونيه: 6,
  يوليو: 7,
  يوليه: 7,
  اغسطس: 8,
  سبتمبر: 9,
  اكتوبر: 10,
  نوفمبر: 11,
  ديسمبر: 12,
  'كانون الثاني': 1,
  شباط: 2,
  اذار: 3,
  نيسان: 4,
  ايار: 5,
  حزيران: 6,
  تموز: 7,
  اب: 8,
  ايلول: 9,
  'تشرين الاول': 10,
  'تشرين الثاني': 11,
  'كانون الاول': 12,
};

type DateFound = { date: Date; first: number; last: number };

function phraseAt(words: Word[], first: number, length: number, text: string): string | null {
  const slice = words.slice(first, first + length);
  if (slice.length < length || slice.some((word, at) => at > 0 && !isAdjacent(text, slice[at - 1]!, word)))
    return null;
  return slice.map((word) => word.norm).join(' ');
}

function readDayWord(words: Word[], index: number, text: string, today: Date): DateFound | null {
  for (const length of [3, 2]) {
    const offset = DAY_PHRASES[phraseAt(words, index, length, text) ?? ''];
    if (offset !== undefined) return { date: addDays(today, offset), first: index, last: index + length - 1 };
  }
  const offset = DAY_WORDS[words[index]!.norm];
  return offset === undefined ? null : { date: addDays(today, offset), first: index, last: index };
}

function readWeekday(words: Word[], index: number, text: string, today: Date): DateFound | null {
  const hasDayWord =
    words[index]!.norm === 'يوم' && words[index + 1] && isAdjacent(text, words[index]!, words[index + 1]!);
  const nameIndex = hasDayWord ? index + 1 : index;
  const weekday = WEEKDAYS[words[nameIndex]?.norm ?? ''];
  if (weekday === undefined) return null;
  const qualifier = words[nameIndex + 1];
  const qualified = qualifier && isAdjacent(text, words[nameIndex]!, qualifier) ? qualifier.norm : '';
  if (NEXT.has(qualified))
    return { date: nextWeekday(today, weekday, true), first: index, last: nameIndex + 1 };
  if (PREVIOUS.has(qualified))
    return { date: previousWeekday(today, weekday), first: index, last: nameIndex + 1 };
  return { date: nextWeekday(today, weekday, false), first: index, last: nameIndex };
}

function readMonthName(words: Word[], index: number, text: string): { month: number; last: number } | null {
  for (const length of [2, 1]) {
    const month = MONTHS[phraseAt(words, index, length, text) ?? ''];
    if (month !== undefined) return { month, last: index + length - 1 };
  }
  return null;
}

/** "12 مارس 2025" or "١٢ آذار": a day number, a month name and an optional year. */
function readDayMonth(words: Word[], index: number, text: string, today: Date): DateFound | null {
  const day = Number(words[index]!.norm);
  if (!/^\d{1,2}$/.test(words[index]!.norm) || !words[index + 1]) return null;
  const month = readMonthName(words, index + 1, text);
  if (!month) return null;
  const yearWord = words[month.last + 1];
  const hasYear = yearWord && /^\d{4}$/.test(yearWord.norm) && isAdjacent(text, words[month.last]!, yearWord);
  const year = hasYear ? Number(yearWord.norm) : today.getUTCFullYear();
  const date = calendarDate(year, month.month, day);
  return date ? { date, first: index, last: hasYear ? month.last + 1 : month.last } : null;
}

function readRelativeWeek(words: Word[], index: number, text: string, today: Date): DateFound | null {
  const phrase = phraseAt(words, index, 2, text) ?? '';
  const [unit, qualifier] = phrase.split(' ');
  const step = NEXT.has(qualifier ?? '') ? 1 : PREVIOUS.has(qualifier ?? '') ? -1 : 0;
  if (step === 0) return null;
  if (unit === 'الاسبوع') return { date: addDays(today, 7 * step), first: index, last: index + 1 };
  if (unit === 'الشهر') return { date: addMonths(today, step), first: index, last: index + 1 };
  return null;
}

const NUMERIC_DATE = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/g;

/** Day-first numeric dates (12/03/2025), as written in Arabic-speaking countries. */
export function findNumericDates(text: string): Entity[] {
  const found: Entity[] = [];
  for (const match of text.matchAll(NUMERIC_DATE)) {
    const year = Number(match[3]!.length === 2 ? `20${match[3]}` : match[3]);
    const date = calendarDate(year, Number(match[2]), Number(match[1]));
    const start = match.index ?? 0;
    if (date)
      found.push({
        type: 'date',
        value: formatDate(date),
        text: match[0],
        start,
        end: start + match[0].length,
      });
  }
  return found;
}

/** "بعد ٣ أيام" / "قبل يومين" / "بعد ساعتين": a duration counted from now. */
function relativeToDurations(text: string, words: Word[], durations: DurationMatch[], now: Date): Entity[] {
  const found: Entity[] = [];
  for (const duration of durations) {
    const before = words.filter((word) => word.end <= duration.start).at(-1);
    if (!before || !/^\s+$/.test(text.slice(before.end, duration.start))) continue;
    const sign = before.norm === 'بعد' || before.norm === 'خلال' ? 1 : before.norm === 'قبل' ? -1 : 0;
    if (sign === 0) continue;
    const isClock = duration.unit === 'H' || duration.unit === 'M' || duration.unit === 'S';
    const moment = shiftBy(now, sign * duration.amount, duration.unit);
    const value = isClock ? formatDateTime(moment) : formatDate(moment);
    const type = isClock ? 'datetime' : 'date';
    found.push({
      type,
      value,
      text: text.slice(before.start, duration.end),
      start: before.start,
      end: duration.end,
    });
  }
  return found;
}

function shiftBy(now: Date, amount: number, unit: DurationMatch['unit']): Date {
  const seconds = { S: 1, M: 60, H: 3600 } as Record<string, number>;
  if (unit === 'MO') return addMonths(now, amount);
  if (unit === 'Y') return addMonths(now, 12 * amount);
  if (unit === 'D' || unit === 'W') return addDays(now, amount * (unit === 'W' ? 7 : 1));
  return new Date(now.getTime() + amount * (seconds[unit] ?? 0) * 1000);
}

/** Arabic dates, absolute and relative to the wall clock; western digits expected. */
export function findArabicDates(text: string, wallClock: Date): Entity[] {
  const words = wordsOf(text, 'ar');
  const found: Entity[] = [...findNumericDates(text)];
  const readers = [readDayWord, readWeekday, readRelativeWeek, readDayMonth];
  for (let index = 0; index < words.length; index += 1) {
    const read = readers
      .map((reader) => reader(words, index, text, wallClock))
      .find((result) => result !== null);
    if (!read) continue;
    const start = words[read.first]!.start;
    const end = words[read.last]!.end;
    found.push({ type: 'date', value: formatDate(read.date), text: text.slice(start, end), start, end });
    index = read.last;
  }
  return [...found, ...relativeToDurations(text, words, findDurations(text, 'ar'), wallClock)];
}
